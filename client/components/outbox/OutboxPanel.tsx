// The outbox panel (issue 31): each write that has not reached the server (waiting, refused with the server's
// message, in conflict), with Correct and Discard; the conflict panel ("Yours" and "On the server" side by side,
// keep either or merge). Loaded when the header's button first opens it.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { plural } from '../../../common/plural';
import { INTERACTION_STATUS_LABELS } from '../../../common/interactionValues';
import { deleteWrite } from '../../lib/outbox';
import { conflictRows, KIND_LABELS, mergeText, OUTBOX_MESSAGES, type OutboxRecord } from '../../lib/outboxRules';
import { requeue, syncNow } from '../../lib/outboxSync';
import { lazyPart } from '../../lib/lazyPart';
import { useInstantFormat } from '../../lib/session';
import { formatMinutes } from '../../lib/zonedTime';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { ConfirmDialog, Modal } from '../Modal';
import { StateBadge } from './StateBadge';
import './outbox.css';

const StepFormDialog = lazyPart('StepFormDialog', () => import('../actionSteps/StepDialogs').then((m) => m.StepFormDialog));

export function OutboxPanel({ rows, focusId, onClose }: { rows: OutboxRecord[]; focusId?: string; onClose: () => void }) {
  const { dateTime } = useInstantFormat();
  const navigate = useNavigate();
  const [discarding, setDiscarding] = useState<OutboxRecord | null>(null);
  const [settling, setSettling] = useState<OutboxRecord | null>(() => rows.find((r) => r.id === focusId && r.state === 'conflict') ?? null);
  const waiting = rows.filter((r) => r.state === 'waiting' || r.state === 'sending').length;
  const [correcting, setCorrecting] = useState<OutboxRecord | null>(null);
  const canCorrect = (r: OutboxRecord) => (r.kind === 'interaction.create' && r.draft !== undefined) || (r.kind === 'actionStep.create' && typeof r.summary.extra?.staffName === 'string');
  const correct = (r: OutboxRecord) => {
    if (r.kind === 'actionStep.create') {
      setCorrecting(r);
      return;
    }
    onClose();
    navigate(`/app/activity?outbox=${r.id}`);
  };

  if (correcting) {
    const b = correcting.body as { staff_id: number; title?: string; detail?: string | null; due_on?: string | null; source_type?: string; source_id?: number };
    return (
      <StepFormDialog
        staff={{ id: b.staff_id, name: String(correcting.summary.extra?.staffName ?? '') }}
        own={b.source_type === 'own'}
        source={b.source_type && b.source_type !== 'own' && b.source_id ? { type: b.source_type as 'observation' | 'cycle' | 'interaction', id: b.source_id } : null}
        initial={{ title: b.title, detail: b.detail ?? undefined, due_on: b.due_on ?? undefined }}
        outboxRecord={correcting}
        onClose={() => setCorrecting(null)}
      />
    );
  }

  if (settling) {
    const current = rows.find((r) => r.id === settling.id);
    return <ConflictPanel record={current ?? settling} onClose={() => setSettling(null)} />;
  }
  return (
    <>
      <Modal open title="Waiting to sync" onClose={onClose} size="md" className="outbox-panel"
        footer={<Button variant="secondary" onClick={onClose}>Close</Button>}>
        {rows.length === 0 ? (
          <p>Everything has reached Coachwell.</p>
        ) : (
          <div className="stack stack--sm">
            <p className="muted text-sm">
              {waiting > 0
                ? `${plural(waiting, 'change is', 'changes are')} kept on this device and sent, in the order made, as soon as there is a connection.`
                : 'Nothing else is waiting.'}
              {' '}Changes Coachwell could not save stay here until you correct or discard them.
            </p>
            <ul className="item-list stack stack--sm">
              {rows.map((r) => (
                <li key={r.id} className={`outbox-row outbox-row--${r.state}`}>
                  <div className="outbox-row__text">
                    <p className="outbox-row__title"><strong>{KIND_LABELS[r.kind]}</strong>: {r.summary.title}</p>
                    <p className="text-sm">{r.summary.detail}</p>
                    {r.summary.note && <p className="text-sm outbox-row__note">“{r.summary.note}”</p>}
                    <p className="text-sm muted">Made {dateTime(r.createdAt)}</p>
                    {r.state === 'refused' && (
                      <div className="outbox-row__refusal" role="status">
                        <p><strong>Coachwell did not save it:</strong> {r.message}</p>
                        {Object.values(r.errors ?? {}).flat().filter((m) => m !== r.message).map((m) => <p key={m} className="text-sm">{m}</p>)}
                      </div>
                    )}
                    {r.state === 'conflict' && <p className="text-sm">{OUTBOX_MESSAGES.conflictTitle}</p>}
                  </div>
                  <div className="outbox-row__side">
                    <StateBadge record={r} />
                    <div className="cluster cluster--sm">
                      {r.state === 'conflict' && <Button size="sm" onClick={() => setSettling(r)}>Compare<span className="sr-only">: {r.summary.title}</span></Button>}
                      {r.state === 'refused' && canCorrect(r) && (
                        <Button size="sm" onClick={() => correct(r)}>Correct<span className="sr-only">: {r.summary.title}</span></Button>
                      )}
                      {r.state !== 'sending' && (
                        <Button size="sm" variant="secondary" onClick={() => setDiscarding(r)}>Discard<span className="sr-only">: {r.summary.title}</span></Button>
                      )}
                    </div>
                  </div>
                </li>
              ))}
            </ul>
            {waiting > 0 && (
              <div>
                <Button size="sm" variant="secondary" onClick={() => void syncNow(rows[0].userId)}>Try sending now</Button>
              </div>
            )}
          </div>
        )}
      </Modal>
      <ConfirmDialog
        open={discarding !== null}
        title="Discard this change?"
        message={<p>{discarding ? `${KIND_LABELS[discarding.kind]}: ${discarding.summary.title}` : ''} will not be saved. This cannot be undone.</p>}
        confirmLabel="Discard"
        danger
        onCancel={() => setDiscarding(null)}
        onConfirm={() => {
          const id = discarding?.id;
          setDiscarding(null);
          if (id) void deleteWrite(id);
        }}
      />
    </>
  );
}

const TEXT_FIELDS = ['notes', 'next_steps', 'private_notes'];
const CONFLICT_FIELDS = [
  { key: 'starts_at', label: 'When' },
  { key: 'observed_at', label: 'When' },
  { key: 'duration_minutes', label: 'Minutes' },
  { key: 'status', label: 'Status' },
  { key: 'notes', label: 'Notes' },
  { key: 'next_steps', label: 'Next steps' },
  { key: 'private_notes', label: 'Private notes' },
];

function ConflictPanel({ record, onClose }: { record: OutboxRecord; onClose: () => void }) {
  const { dateTime } = useInstantFormat();
  const server = record.server ?? {};
  const fields = CONFLICT_FIELDS.filter((f) => f.key in record.body);
  const rows = conflictRows(record.body, server, fields);
  const [merging, setMerging] = useState<Record<string, unknown> | null>(null);
  const [busy, setBusy] = useState(false);
  const show = (key: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (key === 'starts_at' || key === 'observed_at') return dateTime(String(value));
    if (key === 'duration_minutes') return formatMinutes(Number(value));
    if (key === 'status') return INTERACTION_STATUS_LABELS[value as keyof typeof INTERACTION_STATUS_LABELS] ?? String(value);
    return String(value);
  };
  const serverVersion = typeof server.updated_at === 'string' ? server.updated_at : record.baseUpdatedAt;
  const settle = async (body: Record<string, unknown>) => {
    setBusy(true);
    await requeue(record, { body, baseUpdatedAt: serverVersion });
    onClose();
  };
  if (record.state !== 'conflict') {
    return (
      <Modal open title="Settled" onClose={onClose} size="sm" footer={<Button variant="secondary" onClick={onClose}>Close</Button>}>
        <p>This change is no longer in conflict.</p>
      </Modal>
    );
  }
  const startMerge = () => {
    const merged: Record<string, unknown> = {};
    for (const row of rows) if (row.differs) merged[row.key] = TEXT_FIELDS.includes(row.key) ? mergeText(row.mine, row.server) : row.mine;
    setMerging(merged);
  };
  return (
    <Modal open title="Changed on the server" onClose={onClose} size="lg" dismissible={!busy} className="conflict-panel"
      footer={merging ? (
        <>
          <Button variant="secondary" onClick={() => setMerging(null)} disabled={busy}>Back</Button>
          <Button busy={busy} onClick={() => void settle({ ...record.body, ...merging })}>Save merged version</Button>
        </>
      ) : (
        <>
          <Button variant="secondary" onClick={startMerge} disabled={busy}>Merge</Button>
          <Button variant="secondary" onClick={() => { setBusy(true); void deleteWrite(record.id).then(onClose); }} disabled={busy}>Keep the server’s</Button>
          <Button busy={busy} onClick={() => void settle(record.body)}>Keep mine</Button>
        </>
      )}>
      <div className="stack stack--sm">
        <Alert tone="warning" title={OUTBOX_MESSAGES.conflictTitle}>
          <p>{record.summary.title}: someone saved it after you started your change. Compare the two versions and choose which to keep, or merge them.</p>
        </Alert>
        {!record.server && <p className="muted">The server’s version could not be read; keep yours or the server’s.</p>}
        {merging ? (
          <div className="stack stack--sm">
            {rows.filter((r) => r.differs).map((row) => (
              TEXT_FIELDS.includes(row.key) ? (
                <label key={row.key} className="field">
                  <span className="field__label">{row.label}</span>
                  <textarea className="field__control field__control--textarea" rows={5} value={String(merging[row.key] ?? '')} onChange={(e) => setMerging({ ...merging, [row.key]: e.target.value })} />
                </label>
              ) : (
                <fieldset key={row.key} className="field">
                  <legend className="field__label">{row.label}</legend>
                  <div className="cluster">
                    {(['mine', 'server'] as const).map((side) => (
                      <label key={side} className="outbox-choice">
                        <input type="radio" name={`merge-${row.key}`} checked={JSON.stringify(merging[row.key]) === JSON.stringify(row[side])}
                          onChange={() => setMerging({ ...merging, [row.key]: row[side] })} />
                        <span>{side === 'mine' ? 'Yours' : 'On the server'}: {show(row.key, row[side])}</span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              )
            ))}
          </div>
        ) : (
          // Focusable: on a phone the dialog's body scrolls, and keyboard users scroll it from here.
          <div className="conflict-compare" tabIndex={0} role="group" aria-label="Yours and on the server">
            <table className="table conflict-table">
              <thead>
                <tr><th scope="col">Yours</th><th scope="col">On the server</th></tr>
              </thead>
              {rows.map((row) => (
                <tbody key={row.key} className={row.differs ? 'conflict-table__differs' : undefined} data-field={row.key}>
                  <tr>
                    <th scope="colgroup" colSpan={2} className="conflict-table__field">
                      {row.label}{row.differs && <span className="conflict-table__mark"> · differs</span>}
                    </th>
                  </tr>
                  <tr>
                    <td>{show(row.key, row.mine)}</td>
                    <td>{show(row.key, row.server)}</td>
                  </tr>
                </tbody>
              ))}
            </table>
          </div>
        )}
      </div>
    </Modal>
  );
}

