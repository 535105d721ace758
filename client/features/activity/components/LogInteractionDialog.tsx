// "Log interaction": a dialog on desktop, a full-screen sheet at phone width with the primary button
// in the thumb's reach. Type first (big buttons; picking one sets its default duration and shows its
// custom fields), then when (today/now prefilled, rounded), duration, status (completed for the past,
// scheduled for the future), who, where and notes. The same form edits and duplicates. Editing, what
// the server hides from the caller (notes, next steps and text fields under the district's privacy
// setting; another's private notes) is not offered as an empty box: the server keeps it as stored.
import { useEffect, useMemo, useRef, useState } from 'react';
import { INTERACTION_COLOURS, type InteractionType } from '../../../../common/schemas/interactionTypes';
import { type Interaction, INTERACTION_STATUS_LABELS, INTERACTION_STATUSES, NOTES_MAX } from '../../../../common/schemas/interactions';
import { EDIT_CONFLICT_CODE } from '../../../../common/syncValues';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { FieldErrors, FormError, SelectField, TextAreaField, TextField } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { LoadingBlock } from '../../../components/Spinner';
import { useSubmitState } from '../../../lib/forms';
import type { OutboxRecord } from '../../../lib/outboxRules';
import { ApiError } from '../../../lib/api';
import { onSynced, useOutbox } from '../../../lib/outbox';
import { keepInOutbox, type NewWrite, requeue, type Sent, sendOrQueue, settleEditConflict, syncNow } from '../../../lib/outboxSync';
import { useBuildings, useCoaches, useGroups, useInteractionTypes } from '../../../lib/lookups';
import { formatMinutes, zonedToUtc } from '../../../lib/zonedTime';
import { useDefaultSchool } from '../api';
import { useRecentParticipants } from '../../../lib/interactions';
import { checkValues, hiddenFromCaller, interactionSummary, type LogValues, previewOfEdit, schoolHint, toPayload, withDefaultSchool, withType, withWhen } from '../logForm';
import { CustomFieldInput } from './CustomFieldInput';
import { CycleAndSkills, optionNames, useCycleAndSkillOptions } from './CycleAndSkills';
import { ParticipantPicker } from './ParticipantPicker';
import { defineMessages, t, tText } from '../../../lib/i18n';

const m = defineMessages({
  type: { id: 'activity.type', defaultMessage: 'Type' },
  editInteraction: { id: 'activity.editInteraction', defaultMessage: 'Edit interaction' },
  duplicateInteraction: { id: 'activity.duplicateInteraction', defaultMessage: 'Duplicate interaction' },
  logInteraction: { id: 'activity.logInteraction', defaultMessage: 'Log interaction' },
  cancel: { id: 'activity.cancel', defaultMessage: 'Cancel' },
  saveChanges: { id: 'activity.saveChanges', defaultMessage: 'Save changes' },
  scheduleInteraction: { id: 'activity.scheduleInteraction', defaultMessage: 'Schedule interaction' },
  typesFailed: { id: 'activity.typesFailed', defaultMessage: 'We could not load the interaction types.' },
  loadingTypes: { id: 'activity.loadingTypes', defaultMessage: 'Loading interaction types…' },
  noTypesTitle: { id: 'activity.noTypesTitle', defaultMessage: 'No interaction types yet' },
  noTypesBody: { id: 'activity.noTypesBody', defaultMessage: 'Your district administrator adds interaction types in Interaction settings.' },
  date: { id: 'activity.date', defaultMessage: 'Date' },
  startTime: { id: 'activity.startTime', defaultMessage: 'Start time' },
  minutes: { id: 'activity.minutes', defaultMessage: 'Minutes' },
  status: { id: 'activity.status', defaultMessage: 'Status' },
  coach: { id: 'activity.coach', defaultMessage: 'Coach' },
  me: { id: 'activity.me', defaultMessage: 'Me' },
  coachHint: { id: 'activity.coachHint', defaultMessage: 'Log this interaction for another coach.' },
  school: { id: 'activity.school', defaultMessage: 'School' },
  chooseSchool: { id: 'activity.chooseSchool', defaultMessage: 'Choose a school' },
  typeDetails: { id: 'activity.typeDetails', defaultMessage: '{type} details' },
  typeFallback: { id: 'activity.typeFallback', defaultMessage: 'Type' },
  hiddenTexts: { id: 'activity.hiddenTexts', defaultMessage: 'Notes, next steps and text answers are visible only to the coach, the author and the educators who took part (district privacy setting). Saving keeps them as they are.' },
  notes: { id: 'activity.notes', defaultMessage: 'Notes' },
  notCopied: { id: 'activity.notCopied', defaultMessage: 'The original’s notes, next steps and text answers are hidden from you and are not copied.' },
  notesShared: { id: 'activity.notesShared', defaultMessage: 'Shared with the educators who took part.' },
  more: { id: 'activity.more', defaultMessage: '+ Groups, next steps and private notes' },
  groups: { id: 'activity.groups', defaultMessage: 'Groups' },
  groupsHint: { id: 'activity.groupsHint', defaultMessage: 'Everyone in a group on the interaction’s date takes part.' },
  nextSteps: { id: 'activity.nextSteps', defaultMessage: 'Next steps' },
  privateNotes: { id: 'activity.privateNotes', defaultMessage: 'Private notes' },
  onlyYou: { id: 'activity.onlyYou', defaultMessage: 'Only you can see this.' },
});

export type LogMode = { kind: 'new' } | { kind: 'edit'; interaction: Interaction } | { kind: 'duplicate'; interaction: Interaction };

type Props = {
  mode: LogMode;
  initial: LogValues;
  timeZone: string;
  userId: number;
  /** A district-wide `see activity` user may log for another coach. */
  canChooseCoach: boolean;
  onClose: () => void;
  /** `interaction` is null when the write was kept on the device to sync later (issue 31). */
  onSaved: (interaction: Interaction | null, mode: LogMode, queued: boolean) => void;
  /** Correcting a write the server refused: saving puts it back in the outbox. */
  outboxRecord?: OutboxRecord;
  /**
   * An edit saved online was refused as made from an older version (issue 31): it is kept on the device as a conflict
   * (its write's id) for the conflict panel to settle.
   */
  onConflict: (writeId: string) => void;
};

const BASE_FIELDS = ['interaction_type_id', 'coach_id', 'starts_at', 'duration_minutes', 'status', 'building_id', 'staff_ids', 'group_ids', 'notes', 'private_notes', 'next_steps', 'coaching_cycle_id', 'skill_ids'];

function TypePicker({ types, value, onPick, error }: { types: InteractionType[]; value: number | null; onPick: (type: InteractionType) => void; error?: string }) {
  const errorId = 'log-type-error';
  return (
    <fieldset className={['field', 'type-picker', error && 'field--invalid'].filter(Boolean).join(' ')} aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined} tabIndex={-1}>
      <legend className="field__label">{t(m.type)}</legend>
      <div className="type-picker__options">
        {types.map((x) => (
          <label key={x.id} className="type-picker__option">
            <input type="radio" name="interaction_type_id" value={x.id} checked={value === x.id} onChange={() => onPick(x)} />
            <span className="type-picker__tile" style={{ ['--type-colour' as string]: INTERACTION_COLOURS[x.colour]?.hex }}>
              <span className="type-swatch" aria-hidden="true" />
              <span className="type-picker__name">{x.name}</span>
              <span className="type-picker__minutes">{formatMinutes(x.default_minutes)}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldErrors id={errorId} errors={error ? [error] : []} />
    </fieldset>
  );
}

export function LockIcon() {
  return (
    <svg className="private-lock" viewBox="0 0 20 20" width="14" height="14" aria-hidden="true" focusable="false">
      <rect x="4" y="9" width="12" height="8" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M7 9V6.5a3 3 0 0 1 6 0V9" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

export function LogInteractionDialog({ mode, initial, timeZone, userId, canChooseCoach, onClose, onSaved, outboxRecord, onConflict }: Props) {
  const [values, setValues] = useState<LogValues>(initial);
  const [showMore, setShowMore] = useState(mode.kind !== 'new' || !!(initial.notes || initial.nextSteps || initial.privateNotes || initial.groupIds.length));

  const typesAnswer = useInteractionTypes('all');
  const allTypes = typesAnswer.data?.data ?? [];
  // Archived types leave the form, except the one an edited interaction already has.
  const types = allTypes.filter((x) => !x.archived_at || (mode.kind === 'edit' && x.id === mode.interaction.interaction_type.id));
  const type = allTypes.find((x) => x.id === values.typeId);
  const recent = useRecentParticipants(userId);
  const groups = useGroups({ status: 'active' });
  const buildings = useBuildings();
  const coaches = useCoaches(canChooseCoach);
  const cycleAndSkills = useCycleAndSkillOptions(values.staff.map((p) => p.id));
  // The school follows the participants, the coach and the day (their school that day) until the user picks one.
  const startsAt = zonedToUtc(values.day, values.time, timeZone);
  const defaultSchool = useDefaultSchool(values.schoolChosen || !startsAt ? null : {
    starts_at: startsAt, coach_id: values.coachId, staff_ids: values.staff.map((p) => p.id), group_ids: values.groupIds,
  });
  useEffect(() => {
    if (defaultSchool.data) setValues((v) => withDefaultSchool(v, defaultSchool.data));
  }, [defaultSchool.data]);

  const fieldNames = useMemo(() => (type?.fields ?? []).map((f) => `field_values.${f.id}`), [type]);
  const sending = useSubmitState(() => [...BASE_FIELDS, ...fieldNames]);
  const { errors, setErrors, formError, busy, formRef } = sending;
  const queued = useOutbox();
  // Correcting a write the server refused (issue 31): its message where the form shows errors, each field's at the field.
  useEffect(() => {
    if (outboxRecord?.state !== 'refused') return;
    const fields: Record<string, string> = {};
    for (const [name, list] of Object.entries(outboxRecord.errors ?? {})) if (list[0]) fields[name] = list[0];
    setErrors(fields);
    sending.setFormError(outboxRecord.message ?? null);
    // Once, as the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outboxRecord?.id]);
  // The version an edit started from (issue 31): the one the form opened, or one a sync (any tab) made of the same fields.
  const base = useRef(mode.kind === 'edit' ? mode.interaction.updated_at : null);
  const previewNow = useRef<() => Partial<Interaction> | null>(() => null);
  const editedId = mode.kind === 'edit' ? mode.interaction.id : null;
  useEffect(() => (editedId === null ? undefined : onSynced((edit) => {
    if (edit.userId !== userId || edit.target !== editedId || !edit.kind.startsWith('interaction.')) return;
    const preview = previewNow.current();
    if (!preview) return;
    void import('../../../lib/outboxConflict').then(({ sameAsServer }) => {
      if (sameAsServer({ kind: 'interaction.update', summary: { extra: { preview } } }, edit.answer)) base.current = edit.version;
    });
  })), [editedId, userId]);
  const set = (patch: Partial<LogValues>, clear: string[] = []) => {
    setValues((v) => ({ ...v, ...patch }));
    if (clear.some((k) => errors[k])) setErrors((e) => ({ ...e, ...Object.fromEntries(clear.map((k) => [k, undefined])) }));
  };

  const submit = sending.onSubmit(async () => {
    const local = checkValues(values, timeZone, { schoolRequired: buildingList.length > 0 });
    if (Object.keys(local).length > 0) {
      sending.fail({ fields: local, form: null });
      return;
    }
    await sending.run(async () => {
      const payload = toPayload(values, type, timeZone);
      // Without a signal (or when no answer comes back) the write waits in the outbox and syncs later (issue 31).
      const summary = interactionSummary(values, type, {
        startsAt: payload.starts_at,
        school: buildingList.find((b) => b.id === values.buildingId)?.name,
        colourHex: type ? INTERACTION_COLOURS[type.colour]?.hex : undefined,
      });
      const body = payload as unknown as Record<string, unknown>;
      // An edit also keeps how the interaction will look, for the detail and the lists to show at once.
      if (mode.kind === 'edit') {
        summary.extra = {
          ...summary.extra,
          preview: previewOfEdit(mode.interaction, values, payload, { type, buildings: buildingList, groups: groupList, coaches: coachList, ...optionNames(cycleAndSkills) }),
        };
      }
      if (outboxRecord) {
        // Correcting a refused write: the fix replaces it under the same id. A refused "mark completed" becomes the
        // edit it was corrected into, from the version the form opened.
        const asEdit = mode.kind === 'edit' && outboxRecord.kind !== 'interaction.update'
          ? { kind: 'interaction.update' as const, target: mode.interaction.id, baseUpdatedAt: mode.interaction.updated_at } : {};
        await requeue(outboxRecord, { ...asEdit, body, summary, draft: values });
        onSaved(null, mode, true);
        return;
      }
      // Edited again while the last edit still waits: the newer version replaces it (one edit per record waits).
      const waitingEdit = mode.kind === 'edit' ? queued.find((r) => r.kind === 'interaction.update' && r.target === mode.interaction.id && r.state !== 'sending') : undefined;
      if (waitingEdit) {
        await keepInOutbox(userId, waitingEdit.id, { kind: 'interaction.update', body, summary, draft: values });
        if (navigator.onLine) void syncNow(userId);
        onSaved(null, mode, true);
        return;
      }
      let sent: Sent<Interaction>;
      if (mode.kind === 'edit') {
        const write: NewWrite = { kind: 'interaction.update', target: mode.interaction.id, baseUpdatedAt: base.current, body, summary, draft: values };
        try {
          sent = await sendOrQueue<Interaction>(userId, write);
        } catch (err) {
          if (!(err instanceof ApiError && err.code === EDIT_CONFLICT_CODE)) throw err;
          // Saved elsewhere since the form opened: the conflict panel (keep mine, keep theirs, merge), unless the server
          // already holds this very version (saved again on it, silently).
          const id = crypto.randomUUID().toLowerCase();
          const settled = await settleEditConflict(userId, id, write, (at) => sendOrQueue<Interaction>(userId, { ...write, baseUpdatedAt: at }));
          if (!settled.saved) {
            onConflict(id);
            return;
          }
          sent = settled.answer;
        }
      } else {
        sent = await sendOrQueue<Interaction>(userId, { kind: 'interaction.create', body, summary, draft: values });
      }
      onSaved(sent.queued ? null : sent.answer, mode, sent.queued);
    });
  });

  const title = mode.kind === 'edit' ? t(m.editInteraction) : mode.kind === 'duplicate' ? t(m.duplicateInteraction) : t(m.logInteraction);
  // Hidden from this caller: kept as stored when editing, not copied when duplicating.
  const hidden = hiddenFromCaller(mode.kind, mode.kind === 'new' ? null : mode.interaction);
  const activeFields = (type?.fields ?? []).filter((f) => (!f.archived_at || values.fields[String(f.id)] !== undefined) && !hidden.textField(f.kind));
  const groupList = groups.data?.data ?? [];
  const buildingList = (buildings.data?.data ?? []).filter((b) => !b.archived_at || b.id === values.buildingId);
  const coachList = (coaches.data?.data ?? []).filter((c) => c.status !== 'disabled' || c.id === values.coachId);
  previewNow.current = () => (mode.kind === 'edit'
    ? previewOfEdit(mode.interaction, values, toPayload(values, type, timeZone), { type, buildings: buildingList, groups: groupList, coaches: coachList, ...optionNames(cycleAndSkills) })
    : null);

  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      size="lg"
      dismissible={!busy}
      className="modal--sheet log-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>{t(m.cancel)}</Button>
          <Button type="submit" form="log-interaction-form" busy={busy} className="log-dialog__save">
            {mode.kind === 'edit' ? t(m.saveChanges) : values.status === 'scheduled' ? t(m.scheduleInteraction) : t(m.logInteraction)}
          </Button>
        </>
      }
    >
      {typesAnswer.error && !typesAnswer.data ? (
        <Alert tone="danger" title={t(m.typesFailed)}>
          <p>{typesAnswer.error.message}</p>
        </Alert>
      ) : !typesAnswer.data ? (
        <LoadingBlock label={t(m.loadingTypes)} />
      ) : (
        <form id="log-interaction-form" ref={formRef} className="log-form stack" onSubmit={submit} noValidate>
          <FormError error={formError} />
          {types.length === 0 ? (
            <Alert tone="warning" title={t(m.noTypesTitle)}>
              <p>{t(m.noTypesBody)}</p>
            </Alert>
          ) : (
            <TypePicker types={types} value={values.typeId} error={errors.interaction_type_id} onPick={(picked) => setValues((v) => withType(v, picked, allTypes.find((x) => x.id === v.typeId)))} />
          )}

          <div className="log-form__when">
            <TextField label={t(m.date)} name="day" type="date" value={values.day} required error={errors.starts_at}
              onChange={(day) => { setValues((v) => withWhen(v, { day }, timeZone)); setErrors((e) => ({ ...e, starts_at: undefined })); }} />
            <TextField label={t(m.startTime)} name="time" type="time" step={300} value={values.time} required
              onChange={(time) => { setValues((v) => withWhen(v, { time }, timeZone)); setErrors((e) => ({ ...e, starts_at: undefined })); }} />
            <TextField label={t(m.minutes)} name="duration_minutes" type="number" inputMode="numeric" min={1} max={720} value={values.duration} required
              error={errors.duration_minutes} onChange={(duration) => set({ duration }, ['duration_minutes'])} />
          </div>

          <fieldset className="field status-picker">
            <legend className="field__label">{t(m.status)}</legend>
            <div className="segmented" role="presentation">
              {INTERACTION_STATUSES.map((s) => (
                <label key={s} className="segmented__option">
                  <input type="radio" name="status" value={s} checked={values.status === s} onChange={() => set({ status: s, statusTouched: true }, ['status'])} />
                  <span>{tText(INTERACTION_STATUS_LABELS[s])}</span>
                </label>
              ))}
            </div>
            <FieldErrors id="log-status-error" errors={errors.status ? [errors.status] : []} />
          </fieldset>

          <ParticipantPicker value={values.staff} recent={recent} error={errors.staff_ids} onChange={(staff) => set({ staff }, ['staff_ids'])} />

          {canChooseCoach && (
            <SelectField label={t(m.coach)} name="coach_id" value={values.coachId ? String(values.coachId) : ''} error={errors.coach_id}
              placeholder={t(m.me)} hint={t(m.coachHint)}
              options={coachList.filter((c) => c.id !== userId).map((c) => ({ value: String(c.id), label: c.name }))}
              onChange={(v) => set({ coachId: v ? Number(v) : null }, ['coach_id'])} />
          )}

          <SelectField label={t(m.school)} name="building_id" value={values.buildingId ? String(values.buildingId) : ''} error={errors.building_id}
            required={buildingList.length > 0} placeholder={t(m.chooseSchool)} hint={schoolHint(values, defaultSchool.data, canChooseCoach)}
            options={buildingList.map((b) => ({ value: String(b.id), label: b.name }))}
            onChange={(v) => set({ buildingId: v ? Number(v) : null, schoolChosen: true }, ['building_id'])} />

          <CycleAndSkills
            options={cycleAndSkills}
            cycleId={values.cycleId}
            linked={mode.kind === 'new' ? null : mode.interaction.coaching_cycle}
            skillIds={values.skillIds}
            chosenSkills={mode.kind === 'new' ? [] : mode.interaction.focus_skills}
            errors={{ coaching_cycle_id: errors.coaching_cycle_id, skill_ids: errors.skill_ids }}
            onCycle={(cycleId) => set({ cycleId }, ['coaching_cycle_id'])}
            onSkills={(skillIds) => set({ skillIds }, ['skill_ids'])}
          />

          {activeFields.length > 0 && (
            <section className="log-form__custom stack stack--sm" aria-label={t(m.typeDetails, { type: type?.name ?? t(m.typeFallback) })}>
              {activeFields.map((f) => (
                <CustomFieldInput key={f.id} field={f} value={values.fields[String(f.id)]} error={errors[`field_values.${f.id}`]}
                  onChange={(value) => set({ fields: { ...values.fields, [String(f.id)]: value } }, [`field_values.${f.id}`])} />
              ))}
            </section>
          )}

          {hidden.sharedTexts ? (
            <p className="muted text-sm">
              {t(m.hiddenTexts)}
            </p>
          ) : (
            <TextAreaField label={t(m.notes)} name="notes" value={values.notes} rows={3} maxLength={NOTES_MAX} error={errors.notes}
              hint={hidden.notCopied ? t(m.notCopied) : t(m.notesShared)}
              onChange={(notes) => set({ notes }, ['notes'])} />
          )}

          {!showMore ? (
            <Button variant="ghost" className="log-form__more" aria-expanded={false} onClick={() => setShowMore(true)}>
              {t(m.more)}
            </Button>
          ) : (
            <>
              {groupList.length > 0 && (
                <fieldset className={['field', 'log-form__groups', errors.group_ids && 'field--invalid'].filter(Boolean).join(' ')} aria-invalid={errors.group_ids ? true : undefined} tabIndex={-1}>
                  <legend className="field__label">{t(m.groups)}</legend>
                  <p className="field__hint">{t(m.groupsHint)}</p>
                  <div className="log-form__group-list">
                    {groupList.map((g) => (
                      <label key={g.id} className="custom-choices__option">
                        <input type="checkbox" name="group_ids[]" value={g.id} checked={values.groupIds.includes(g.id)}
                          onChange={(e) => set({ groupIds: e.target.checked ? [...values.groupIds, g.id] : values.groupIds.filter((x) => x !== g.id) }, ['group_ids'])} />
                        <span>{g.name}</span>
                      </label>
                    ))}
                  </div>
                  <FieldErrors id="log-groups-error" errors={errors.group_ids ? [errors.group_ids] : []} />
                </fieldset>
              )}
              {!hidden.sharedTexts && (
                <TextAreaField label={t(m.nextSteps)} name="next_steps" value={values.nextSteps} rows={2} maxLength={NOTES_MAX} error={errors.next_steps}
                  onChange={(nextSteps) => set({ nextSteps }, ['next_steps'])} />
              )}
              {/* Another's private notes stay theirs: the server ignores this field from anyone else. */}
              {!hidden.privateNotes && (
                <TextAreaField label={t(m.privateNotes)} name="private_notes" value={values.privateNotes} rows={2} maxLength={NOTES_MAX} error={errors.private_notes}
                  className="log-form__private"
                  hint={<><LockIcon /> {t(m.onlyYou)}</>}
                  onChange={(privateNotes) => set({ privateNotes }, ['private_notes'])} />
              )}
            </>
          )}
        </form>
      )}
    </Modal>
  );
}
