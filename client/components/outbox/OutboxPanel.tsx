// The outbox panel (issue 31): each write that has not reached the server (waiting, refused with the server's
// message, in conflict), with Correct and Discard; the conflict panel ("Yours" and "On the server" side by side,
// keep either or merge). Loaded when the header's button first opens it.
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { INTERACTION_STATUS_LABELS } from '../../../common/interactionValues';
import { deleteWrite } from '../../lib/outbox';
import { conflictRows, mergeText, type OutboxRecord } from '../../lib/outboxRules';
import { requeue, syncNow } from '../../lib/outboxSync';
import { lazyPart } from '../../lib/lazyPart';
import { useInstantFormat } from '../../lib/session';
import { formatMinutes } from '../../lib/zonedTime';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { ConfirmDialog, Modal } from '../Modal';
import { StateBadge } from './StateBadge';
import { countText } from '../../../common/plural';
import { defineMessages, t, tRich, tText } from '../../lib/i18n';
import { kindLabel, outboxMessages } from './messages';
import './outbox.css';

const m = defineMessages({
  close: { id: 'outbox.panel.close', defaultMessage: 'Close' },
  allReached: { id: 'outbox.panel.allReached', defaultMessage: 'Everything has reached Coachwell.' },
  waitingCount: { id: 'outbox.panel.waitingCount', defaultMessage: '{count, plural, one {{countText} change is} other {{countText} changes are}} kept on this device and sent, in the order made, as soon as there is a connection.' },
  nothingElse: { id: 'outbox.panel.nothingElse', defaultMessage: 'Nothing else is waiting.' },
  couldNotSave: { id: 'outbox.panel.couldNotSave', defaultMessage: ' Changes Coachwell could not save stay here until you correct or discard them.' },
  row: { id: 'outbox.panel.row', defaultMessage: '<b>{kind}</b>: {title}' },
  made: { id: 'outbox.panel.made', defaultMessage: 'Made {when}' },
  didNotSave: { id: 'outbox.panel.didNotSave', defaultMessage: 'Coachwell did not save it:' },
  compare: { id: 'outbox.panel.compare', defaultMessage: 'Compare<hidden>: {title}</hidden>' },
  correct: { id: 'outbox.panel.correct', defaultMessage: 'Correct<hidden>: {title}</hidden>' },
  discard: { id: 'outbox.panel.discard', defaultMessage: 'Discard<hidden>: {title}</hidden>' },
  trySending: { id: 'outbox.panel.trySending', defaultMessage: 'Try sending now' },
  discardTitle: { id: 'outbox.panel.discardTitle', defaultMessage: 'Discard this change?' },
  discardMessage: { id: 'outbox.panel.discardMessage', defaultMessage: '{kind}: {title} will not be saved. This cannot be undone.' },
  discardConfirm: { id: 'outbox.panel.discardConfirm', defaultMessage: 'Discard' },
  fieldWhen: { id: 'outbox.panel.fieldWhen', defaultMessage: 'When' },
  fieldMinutes: { id: 'outbox.panel.fieldMinutes', defaultMessage: 'Minutes' },
  fieldStatus: { id: 'outbox.panel.fieldStatus', defaultMessage: 'Status' },
  fieldNotes: { id: 'outbox.panel.fieldNotes', defaultMessage: 'Notes' },
  fieldNextSteps: { id: 'outbox.panel.fieldNextSteps', defaultMessage: 'Next steps' },
  fieldPrivateNotes: { id: 'outbox.panel.fieldPrivateNotes', defaultMessage: 'Private notes' },
  settled: { id: 'outbox.panel.settled', defaultMessage: 'Settled' },
  noLongerConflict: { id: 'outbox.panel.noLongerConflict', defaultMessage: 'This change is no longer in conflict.' },
  changedOnServer: { id: 'outbox.panel.changedOnServer', defaultMessage: 'Changed on the server' },
  back: { id: 'outbox.panel.back', defaultMessage: 'Back' },
  saveMerged: { id: 'outbox.panel.saveMerged', defaultMessage: 'Save merged version' },
  merge: { id: 'outbox.panel.merge', defaultMessage: 'Merge' },
  keepServers: { id: 'outbox.panel.keepServers', defaultMessage: 'Keep the server’s' },
  keepMine: { id: 'outbox.panel.keepMine', defaultMessage: 'Keep mine' },
  someoneSaved: { id: 'outbox.panel.someoneSaved', defaultMessage: '{title}: someone saved it after you started your change. Compare the two versions and choose which to keep, or merge them.' },
  serverUnread: { id: 'outbox.panel.serverUnread', defaultMessage: 'The server’s version could not be read; keep yours or the server’s.' },
  sideValue: { id: 'outbox.panel.sideValue', defaultMessage: '{side, select, mine {Yours} other {On the server}}: {value}' },
  bothSides: { id: 'outbox.panel.bothSides', defaultMessage: 'Yours and on the server' },
  yours: { id: 'outbox.panel.yours', defaultMessage: 'Yours' },
  onServer: { id: 'outbox.panel.onServer', defaultMessage: 'On the server' },
  differs: { id: 'outbox.panel.differs', defaultMessage: ' · differs' },
});

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
      <Modal open title={t(outboxMessages.waiting)} onClose={onClose} size="md" className="outbox-panel"
        footer={<Button variant="secondary" onClick={onClose}>{t(m.close)}</Button>}>
        {rows.length === 0 ? (
          <p>{t(m.allReached)}</p>
        ) : (
          <div className="stack stack--sm">
            <p className="muted text-sm">
              {waiting > 0 ? t(m.waitingCount, { count: waiting, countText: countText(waiting) }) : t(m.nothingElse)}
              {t(m.couldNotSave)}
            </p>
            <ul className="item-list stack stack--sm">
              {rows.map((r) => (
                <li key={r.id} className={`outbox-row outbox-row--${r.state}`}>
                  <div className="outbox-row__text">
                    <p className="outbox-row__title">{tRich(m.row, { kind: kindLabel(r.kind), title: r.summary.title, b: (chunks) => <strong>{chunks}</strong> })}</p>
                    <p className="text-sm">{r.summary.detail}</p>
                    {r.summary.note && <p className="text-sm outbox-row__note">“{r.summary.note}”</p>}
                    <p className="text-sm muted">{t(m.made, { when: dateTime(r.createdAt) })}</p>
                    {r.state === 'refused' && (
                      <div className="outbox-row__refusal" role="status">
                        <p><strong>{t(m.didNotSave)}</strong> {r.message}</p>
                        {Object.values(r.errors ?? {}).flat().filter((m) => m !== r.message).map((m) => <p key={m} className="text-sm">{m}</p>)}
                      </div>
                    )}
                    {r.state === 'conflict' && <p className="text-sm">{t(outboxMessages.conflictTitle)}</p>}
                  </div>
                  <div className="outbox-row__side">
                    <StateBadge record={r} />
                    <div className="cluster cluster--sm">
                      {r.state === 'conflict' && <Button size="sm" onClick={() => setSettling(r)}>{tRich(m.compare, { title: r.summary.title, hidden: srOnly })}</Button>}
                      {r.state === 'refused' && canCorrect(r) && (
                        <Button size="sm" onClick={() => correct(r)}>{tRich(m.correct, { title: r.summary.title, hidden: srOnly })}</Button>
                      )}
                      {r.state !== 'sending' && (
                        <Button size="sm" variant="secondary" onClick={() => setDiscarding(r)}>{tRich(m.discard, { title: r.summary.title, hidden: srOnly })}</Button>
                      )}
                    </div>
                  </div>
                </li>
              ))}
            </ul>
            {waiting > 0 && (
              <div>
                <Button size="sm" variant="secondary" onClick={() => void syncNow(rows[0].userId)}>{t(m.trySending)}</Button>
              </div>
            )}
          </div>
        )}
      </Modal>
      <ConfirmDialog
        open={discarding !== null}
        title={t(m.discardTitle)}
        message={<p>{discarding ? t(m.discardMessage, { kind: kindLabel(discarding.kind), title: discarding.summary.title }) : ''}</p>}
        confirmLabel={t(m.discardConfirm)}
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
const conflictFields = () => [
  { key: 'starts_at', label: t(m.fieldWhen) },
  { key: 'observed_at', label: t(m.fieldWhen) },
  { key: 'duration_minutes', label: t(m.fieldMinutes) },
  { key: 'status', label: t(m.fieldStatus) },
  { key: 'notes', label: t(m.fieldNotes) },
  { key: 'next_steps', label: t(m.fieldNextSteps) },
  { key: 'private_notes', label: t(m.fieldPrivateNotes) },
];
const srOnly = (chunks: ReactNode[]) => <span className="sr-only">{chunks}</span>;

function ConflictPanel({ record, onClose }: { record: OutboxRecord; onClose: () => void }) {
  const { dateTime } = useInstantFormat();
  const server = record.server ?? {};
  const fields = conflictFields().filter((f) => f.key in record.body);
  const rows = conflictRows(record.body, server, fields);
  const [merging, setMerging] = useState<Record<string, unknown> | null>(null);
  const [busy, setBusy] = useState(false);
  const show = (key: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (key === 'starts_at' || key === 'observed_at') return dateTime(String(value));
    if (key === 'duration_minutes') return formatMinutes(Number(value));
    if (key === 'status') {
      const label = INTERACTION_STATUS_LABELS[value as keyof typeof INTERACTION_STATUS_LABELS];
      return label ? tText(label) : String(value);
    }
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
      <Modal open title={t(m.settled)} onClose={onClose} size="sm" footer={<Button variant="secondary" onClick={onClose}>{t(m.close)}</Button>}>
        <p>{t(m.noLongerConflict)}</p>
      </Modal>
    );
  }
  const startMerge = () => {
    const merged: Record<string, unknown> = {};
    for (const row of rows) if (row.differs) merged[row.key] = TEXT_FIELDS.includes(row.key) ? mergeText(row.mine, row.server) : row.mine;
    setMerging(merged);
  };
  return (
    <Modal open title={t(m.changedOnServer)} onClose={onClose} size="lg" dismissible={!busy} className="conflict-panel"
      footer={merging ? (
        <>
          <Button variant="secondary" onClick={() => setMerging(null)} disabled={busy}>{t(m.back)}</Button>
          <Button busy={busy} onClick={() => void settle({ ...record.body, ...merging })}>{t(m.saveMerged)}</Button>
        </>
      ) : (
        <>
          <Button variant="secondary" onClick={startMerge} disabled={busy}>{t(m.merge)}</Button>
          <Button variant="secondary" onClick={() => { setBusy(true); void deleteWrite(record.id).then(onClose); }} disabled={busy}>{t(m.keepServers)}</Button>
          <Button busy={busy} onClick={() => void settle(record.body)}>{t(m.keepMine)}</Button>
        </>
      )}>
      <div className="stack stack--sm">
        <Alert tone="warning" title={t(outboxMessages.conflictTitle)}>
          <p>{t(m.someoneSaved, { title: record.summary.title })}</p>
        </Alert>
        {!record.server && <p className="muted">{t(m.serverUnread)}</p>}
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
                        <span>{t(m.sideValue, { side, value: show(row.key, row[side]) })}</span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              )
            ))}
          </div>
        ) : (
          // Focusable: on a phone the dialog's body scrolls, and keyboard users scroll it from here.
          <div className="conflict-compare" tabIndex={0} role="group" aria-label={t(m.bothSides)}>
            <table className="table conflict-table">
              <thead>
                <tr><th scope="col">{t(m.yours)}</th><th scope="col">{t(m.onServer)}</th></tr>
              </thead>
              {rows.map((row) => (
                <tbody key={row.key} className={row.differs ? 'conflict-table__differs' : undefined} data-field={row.key}>
                  <tr>
                    <th scope="colgroup" colSpan={2} className="conflict-table__field">
                      {row.label}{row.differs && <span className="conflict-table__mark">{t(m.differs)}</span>}
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

