// The outbox panel (issue 31): each write that has not reached the server (waiting, refused with the server's
// message, in conflict), with Correct and Discard; the conflict panel ("Yours" and "On the server" side by side,
// keep either or merge). Loaded when the header's button first opens it.
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { INTERACTION_STATUS_LABELS } from '../../../common/interactionValues';
import { LOOK_FOR_LABELS, type LookForValue } from '../../../common/observationValues';
import { deleteWrite } from '../../lib/outbox';
import { conflictRows, correctionHref, mergeText, type OutboxRecord } from '../../lib/outboxRules';
import {
  interactionConflictRows, type InteractionView, mergeInteraction, mergeObservation, observationConflictRows, observationItemOf, type ObservationView,
} from '../../lib/outboxConflict';
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
  fieldType: { id: 'outbox.panel.fieldType', defaultMessage: 'Type' },
  fieldCoach: { id: 'outbox.panel.fieldCoach', defaultMessage: 'Coach' },
  fieldEducators: { id: 'outbox.panel.fieldEducators', defaultMessage: 'Educators' },
  fieldEducator: { id: 'outbox.panel.fieldEducator', defaultMessage: 'Educator' },
  fieldForm: { id: 'outbox.panel.fieldForm', defaultMessage: 'Form' },
  fieldGroups: { id: 'outbox.panel.fieldGroups', defaultMessage: 'Groups' },
  fieldSchool: { id: 'outbox.panel.fieldSchool', defaultMessage: 'School' },
  fieldCycle: { id: 'outbox.panel.fieldCycle', defaultMessage: 'Coaching cycle' },
  fieldSkills: { id: 'outbox.panel.fieldSkills', defaultMessage: 'Focus skills' },
  yes: { id: 'outbox.panel.yes', defaultMessage: 'Yes' },
  no: { id: 'outbox.panel.no', defaultMessage: 'No' },
  draft: { id: 'outbox.panel.draft', defaultMessage: 'Draft' },
  completed: { id: 'outbox.panel.completed', defaultMessage: 'Completed' },
  ratingOf: { id: 'outbox.panel.ratingOf', defaultMessage: '{value} of {scale}' },
  answerWithEvidence: { id: 'outbox.panel.answerWithEvidence', defaultMessage: '{answer} · “{evidence}”' },
});

const StepFormDialog = lazyPart('StepFormDialog', () => import('../actionSteps/StepDialogs').then((m) => m.StepFormDialog));

export function OutboxPanel({ rows, focusId, onClose }: { rows: OutboxRecord[]; focusId?: string; onClose: () => void }) {
  const { dateTime } = useInstantFormat();
  const navigate = useNavigate();
  const [discarding, setDiscarding] = useState<OutboxRecord | null>(null);
  const [settling, setSettling] = useState<OutboxRecord | null>(() => rows.find((r) => r.id === focusId && r.state === 'conflict') ?? null);
  // A conflict just kept by a form (an online save refused as made from an older version) reaches this list a moment
  // after the panel opens: it opens on it then.
  const focusWaits = useRef(focusId !== undefined && !rows.some((r) => r.id === focusId));
  useEffect(() => {
    if (!focusWaits.current) return;
    const found = rows.find((r) => r.id === focusId);
    if (!found) return;
    focusWaits.current = false;
    if (found.state === 'conflict') setSettling(found);
  }, [rows, focusId]);
  const waiting = rows.filter((r) => r.state === 'waiting' || r.state === 'sending').length;
  const [correcting, setCorrecting] = useState<OutboxRecord | null>(null);
  const correct = (r: OutboxRecord) => {
    if (r.kind === 'actionStep.create') {
      setCorrecting(r);
      return;
    }
    onClose();
    navigate(correctionHref(r)!);
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
                      {r.state === 'refused' && correctionHref(r) !== null && (
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
// An edit queued before its form kept a preview, and an observation's: the fields its body and the answer share.
const conflictFields = () => [
  { key: 'staff_id', label: t(m.fieldEducator) },
  { key: 'form_id', label: t(m.fieldForm) },
  { key: 'starts_at', label: t(m.fieldWhen) },
  { key: 'observed_at', label: t(m.fieldWhen) },
  { key: 'duration_minutes', label: t(m.fieldMinutes) },
  { key: 'status', label: t(m.fieldStatus) },
  { key: 'notes', label: t(m.fieldNotes) },
  { key: 'next_steps', label: t(m.fieldNextSteps) },
  { key: 'private_notes', label: t(m.fieldPrivateNotes) },
];
const srOnly = (chunks: ReactNode[]) => <span className="sr-only">{chunks}</span>;
type Row = { key: string; label: string; mine: unknown; server: unknown; differs: boolean; text: boolean };
type Side = 'mine' | 'server';

function ConflictPanel({ record, onClose }: { record: OutboxRecord; onClose: () => void }) {
  const { date, dateTime } = useInstantFormat();
  const server = record.server ?? {};
  const preview = record.summary.extra?.preview as Partial<InteractionView> | undefined;
  // An interaction edit keeps how the person's version looks (its preview): every field, with names, side by side.
  const views = record.kind === 'interaction.update' && record.server && preview
    ? { mine: { ...(server as unknown as InteractionView), ...preview } as InteractionView, server: server as unknown as InteractionView } : null;
  // So does an observation's (previewOfCapture): every field, each item's answer by its label.
  const observed = record.kind === 'observation.update' && record.server && preview
    ? { mine: { ...(server as unknown as ObservationView), ...(preview as Partial<ObservationView>) } as ObservationView, server: server as unknown as ObservationView } : null;
  const fieldLabel = (key: string): string => {
    const id = Number(key.slice(6));
    return (views?.mine.field_values.find((f) => f.field_id === id) ?? views?.server.field_values.find((f) => f.field_id === id))?.label ?? key;
  };
  const labels: Record<string, string> = {
    interaction_type: t(m.fieldType), starts_at: t(m.fieldWhen), duration_minutes: t(m.fieldMinutes), status: t(m.fieldStatus), coach: t(m.fieldCoach),
    participants: t(m.fieldEducators), groups: t(m.fieldGroups), building: t(m.fieldSchool), coaching_cycle: t(m.fieldCycle), focus_skills: t(m.fieldSkills),
    notes: t(m.fieldNotes), next_steps: t(m.fieldNextSteps), private_notes: t(m.fieldPrivateNotes),
    educator: t(m.fieldEducator), form: t(m.fieldForm), observed_at: t(m.fieldWhen),
  };
  // An observation's answer names its educator and form; its body their ids.
  const serverFlat: Record<string, unknown> = {
    ...server,
    ...(record.kind === 'observation.update' ? { staff_id: (server.educator as { id?: number } | undefined)?.id, form_id: (server.form as { id?: number } | undefined)?.id } : {}),
  };
  const rows: Row[] = views
    ? interactionConflictRows(views.mine, views.server).map((row) => ({ ...row, label: row.key.startsWith('field:') ? fieldLabel(row.key) : labels[row.key] ?? row.key }))
    : observed
      ? observationConflictRows(observed.mine, observed.server)
        .map((row) => ({ ...row, label: observationItemOf(row.key, observed.mine, observed.server)?.label ?? labels[row.key] ?? row.key }))
      : conflictRows(record.body, serverFlat, conflictFields().filter((f) => f.key in record.body)).map((row) => ({ ...row, text: TEXT_FIELDS.includes(row.key) }));
  // Two forms: the answers go with the form chosen (each form's items are its own), so they are not chosen one by one.
  const formsDiffer = !!observed && observed.mine.form.id !== observed.server.form.id;
  const [merging, setMerging] = useState<Record<string, unknown> | null>(null);
  const [busy, setBusy] = useState(false);
  const introRef = useRef<HTMLDivElement>(null);
  const names = (list: readonly { name: string }[] | undefined) => (list && list.length ? list.map((x) => x.name).join(', ') : null);
  const answer = (value: unknown, kind: string | undefined): string => {
    if (Array.isArray(value)) return value.join(', ');
    if (typeof value === 'boolean') return value ? t(m.yes) : t(m.no);
    if (kind === 'date' && typeof value === 'string') return date(`${value}T12:00:00.000Z`, 'PP');
    return String(value);
  };
  // An observation's answer as its page shows it: Seen / Not seen / N/A, "3 of 4", the choices, the words; and its evidence.
  const itemAnswer = (key: string, value: unknown): string => {
    const item = observed ? observationItemOf(key, observed.mine, observed.server) : undefined;
    if (value === null || value === undefined) return '—';
    if (typeof value === 'string') return value;
    const { value: given, evidence } = value as { value: unknown; evidence: string | null };
    let shown = '';
    if (given !== null && given !== undefined) {
      if (item?.kind === 'look_for' && LOOK_FOR_LABELS[given as LookForValue]) shown = tText(LOOK_FOR_LABELS[given as LookForValue]);
      else if (item?.kind === 'rating') shown = t(m.ratingOf, { value: String(given), scale: item.scale ?? 4 });
      else shown = Array.isArray(given) ? given.join(', ') : String(given);
    }
    if (!evidence) return shown || '—';
    return shown ? t(m.answerWithEvidence, { answer: shown, evidence }) : evidence;
  };
  // A value as the screens show it: dates on the person's clock, names not ids, the status's and type's names.
  const show = (key: string, side: Side, value: unknown): string => {
    if (observed) {
      const o = observed[side];
      if (key.startsWith('item:')) return itemAnswer(key, value);
      if (key === 'educator') return o.educator.name;
      if (key === 'form') return o.form.name;
      if (key === 'status') return o.status === 'completed' ? t(m.completed) : t(m.draft);
    }
    const v = views?.[side];
    let shown: string | null | undefined;
    if (v) {
      switch (key) {
        case 'interaction_type': shown = v.interaction_type.name; break;
        case 'coach': shown = v.coach.name; break;
        case 'participants': shown = names(v.participants.filter((p) => p.group_id === null)); break;
        case 'groups': shown = names(v.groups); break;
        case 'building': shown = v.building?.name; break;
        case 'coaching_cycle': shown = v.coaching_cycle?.title; break;
        case 'focus_skills': shown = names(v.focus_skills); break;
        default:
          if (key.startsWith('field:')) {
            const f = v.field_values.find((x) => x.field_id === Number(key.slice(6)));
            shown = f ? answer(f.value, f.kind) : null;
          }
      }
      if (shown !== undefined) return shown ?? '—';
    }
    if (value === null || value === undefined || value === '') return '—';
    if (key === 'staff_id') {
      const theirs = server.educator as { id: number; name: string } | undefined;
      const mine = (record.draft as { staff?: { id: number; name: string } | null } | undefined)?.staff;
      return (side === 'server' ? theirs : mine)?.name ?? (mine?.id === value ? mine.name : theirs?.id === value ? theirs.name : String(value));
    }
    if (key === 'form_id') {
      const theirs = server.form as { id: number; name: string } | undefined;
      return side === 'server' ? theirs?.name ?? String(value) : theirs?.id === value ? theirs.name : record.summary.title;
    }
    if (key === 'starts_at' || key === 'observed_at') return dateTime(String(value));
    if (key === 'duration_minutes') return formatMinutes(Number(value));
    if (key === 'status') {
      const label = INTERACTION_STATUS_LABELS[value as keyof typeof INTERACTION_STATUS_LABELS];
      return label ? tText(label) : value === 'draft' ? t(m.draft) : String(value);
    }
    return String(value);
  };
  const serverVersion = typeof server.updated_at === 'string' ? server.updated_at : record.baseUpdatedAt;
  const settle = async (patch: Partial<OutboxRecord>) => {
    setBusy(true);
    await requeue(record, { baseUpdatedAt: serverVersion, ...patch });
    onClose();
  };
  const saveMerged = (chosen: Record<string, unknown>) => {
    if (!views && !observed) return settle({ body: { ...record.body, ...chosen } });
    const choices: Record<string, Side | { text: string }> = {};
    for (const row of rows.filter((r) => r.differs)) {
      choices[row.key] = row.text ? { text: String(chosen[row.key] ?? '') } : JSON.stringify(chosen[row.key]) === JSON.stringify(row.server) ? 'server' : 'mine';
    }
    const merged = views ? mergeInteraction(record.body, views.mine, views.server, choices) : mergeObservation(record.body, observed!.mine, observed!.server, choices);
    return settle({ body: merged.body, summary: { ...record.summary, extra: { ...record.summary.extra, preview: merged.preview } } });
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
    for (const row of rows) if (row.differs) merged[row.key] = row.text ? mergeText(row.mine, row.server) : row.mine;
    setMerging(merged);
  };
  return (
    <Modal open title={t(m.changedOnServer)} onClose={onClose} size="lg" dismissible={!busy} className="conflict-panel" initialFocusRef={introRef}
      footer={merging ? (
        <>
          <Button variant="secondary" onClick={() => setMerging(null)} disabled={busy}>{t(m.back)}</Button>
          <Button busy={busy} onClick={() => void saveMerged(merging ?? {})}>{t(m.saveMerged)}</Button>
        </>
      ) : (
        <>
          <Button variant="secondary" onClick={startMerge} disabled={busy}>{t(m.merge)}</Button>
          <Button variant="secondary" onClick={() => { setBusy(true); void deleteWrite(record.id).then(onClose); }} disabled={busy}>{t(m.keepServers)}</Button>
          <Button busy={busy} onClick={() => void settle({ body: record.body })}>{t(m.keepMine)}</Button>
        </>
      )}>
      <div className="stack stack--sm">
        {/* Focused as the panel opens: read first, and a long comparison (an observation's answers) does not scroll it away. */}
        <div ref={introRef} tabIndex={-1} className="conflict-panel__intro">
          <Alert tone="warning" title={t(outboxMessages.conflictTitle)}>
            <p>{t(m.someoneSaved, { title: record.summary.title })}</p>
          </Alert>
        </div>
        {!record.server && <p className="muted">{t(m.serverUnread)}</p>}
        {merging ? (
          <div className="stack stack--sm">
            {rows.filter((r) => r.differs && !(formsDiffer && r.key.startsWith('item:'))).map((row) => (
              row.text ? (
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
                        <span>{t(m.sideValue, { side, value: show(row.key, side, row[side]) })}</span>
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
                    <td>{show(row.key, 'mine', row.mine)}</td>
                    <td>{show(row.key, 'server', row.server)}</td>
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

