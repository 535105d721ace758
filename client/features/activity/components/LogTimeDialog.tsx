// "Log time": a coach's time that is not an interaction (planning, PD, meetings, travel …):
// category, date and time (now, rounded), minutes and notes. Also edits and deletes an entry.
import type { Locale } from 'date-fns';
import { useState } from 'react';
import { DURATION_MAX_MINUTES } from '../../../../common/schemas/interactionTypes';
import { type Activity, ACTIVITY_CATEGORIES, ACTIVITY_CATEGORY_KEYS, NOTES_MAX } from '../../../../common/schemas/interactions';
import { Button } from '../../../components/Button';
import { FieldErrors, FormError, TextAreaField, TextField } from '../../../components/Field';
import { ConfirmDialog, Modal } from '../../../components/Modal';
import { toFormErrors, useSubmitState } from '../../../lib/forms';
import { createActivity, deleteActivity, updateActivity } from '../../../lib/interactions';
import { formatDate } from '../../../lib/format';
import { formatMinutes, wallClock, zonedDay, zonedTime, zonedToUtc } from '../../../lib/zonedTime';
import { defineMessages, t, tText } from '../../../lib/i18n';

const m = defineMessages({
  chooseCategory: { id: 'activity.chooseCategory', defaultMessage: 'Choose a category.' },
  enterDateTime: { id: 'activity.enterDateTime', defaultMessage: 'Enter a date and a time.' },
  minutesRange: { id: 'activity.minutesRange', defaultMessage: 'Minutes must be from 1 to {max}.' },
  timeSaved: { id: 'activity.timeSaved', defaultMessage: 'Time entry saved.' },
  timeLogged: { id: 'activity.timeLogged', defaultMessage: 'Time logged.' },
  timeDeleted: { id: 'activity.timeDeleted', defaultMessage: 'Time entry deleted.' },
  loggedTime: { id: 'activity.loggedTime', defaultMessage: 'Logged time' },
  close: { id: 'activity.close', defaultMessage: 'Close' },
  category: { id: 'activity.category', defaultMessage: 'Category' },
  who: { id: 'activity.who', defaultMessage: 'Who' },
  when: { id: 'activity.when', defaultMessage: 'When' },
  timeNotesPrivate: { id: 'activity.timeNotesPrivate', defaultMessage: 'Notes on logged time are seen only by the person who logged it.' },
  editTimeEntry: { id: 'activity.editTimeEntry', defaultMessage: 'Edit time entry' },
  logTime: { id: 'activity.logTime', defaultMessage: 'Log time' },
  delete: { id: 'activity.delete', defaultMessage: 'Delete' },
  cancel: { id: 'activity.cancel', defaultMessage: 'Cancel' },
  saveChanges: { id: 'activity.saveChanges', defaultMessage: 'Save changes' },
  date: { id: 'activity.date', defaultMessage: 'Date' },
  startTime: { id: 'activity.startTime', defaultMessage: 'Start time' },
  minutes: { id: 'activity.minutes', defaultMessage: 'Minutes' },
  notes: { id: 'activity.notes', defaultMessage: 'Notes' },
  onlyYouNotes: { id: 'activity.onlyYouNotes', defaultMessage: 'Only you can see these notes.' },
  deleteTimeTitle: { id: 'activity.deleteTimeTitle', defaultMessage: 'Delete this time entry?' },
  deleteTimeBody: { id: 'activity.deleteTimeBody', defaultMessage: 'The entry and its minutes are removed from your activity.' },
  deleteTimeLabel: { id: 'activity.deleteTimeLabel', defaultMessage: 'Delete time entry' },
});

/** The server's fields of a time entry, where its answer's errors show. */
const ACTIVITY_FIELDS = ['category', 'starts_at', 'minutes', 'notes'];

type Props = {
  activity: Activity | null;
  locale?: Locale;
  start: { day: string; time: string };
  timeZone: string;
  onClose: () => void;
  onSaved: (message: string) => void;
};

export function LogTimeDialog({ activity, locale, start, timeZone, onClose, onSaved }: Props) {
  const [category, setCategory] = useState<string>(activity?.category ?? '');
  const [day, setDay] = useState(activity ? zonedDay(activity.starts_at, timeZone) : start.day);
  const [time, setTime] = useState(activity ? zonedTime(activity.starts_at, timeZone) : start.time);
  const [minutes, setMinutes] = useState(activity ? String(activity.minutes) : '');
  const [notes, setNotes] = useState(activity?.notes ?? '');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const sending = useSubmitState(() => ACTIVITY_FIELDS);
  const { errors, setErrors, formError, setFormError, busy, setBusy, formRef } = sending;

  const submit = sending.onSubmit(async () => {
    const local: Record<string, string> = {};
    if (!category) local.category = t(m.chooseCategory);
    const startsAt = zonedToUtc(day, time, timeZone);
    if (!startsAt) local.starts_at = t(m.enterDateTime);
    const n = Number(minutes);
    if (!/^\d+$/.test(minutes.trim()) || n < 1 || n > DURATION_MAX_MINUTES) local.minutes = t(m.minutesRange, { max: DURATION_MAX_MINUTES });
    if (Object.keys(local).length) {
      // The form-level error of an earlier attempt stays until the next request.
      sending.fail({ fields: local, form: formError });
      return;
    }
    await sending.run(async () => {
      const payload = { category, starts_at: startsAt!, minutes: n, notes };
      if (activity) await updateActivity(activity.id, payload);
      else await createActivity(payload);
      onSaved(activity ? t(m.timeSaved) : t(m.timeLogged));
    });
  });

  async function remove() {
    if (!activity) return;
    setBusy(true);
    try {
      await deleteActivity(activity.id);
      onSaved(t(m.timeDeleted));
    } catch (err) {
      setConfirmDelete(false);
      setFormError(toFormErrors(err, []).form);
    } finally {
      setBusy(false);
    }
  }

  if (activity && !activity.can_edit) {
    const when = wallClock(activity.starts_at, timeZone);
    return (
      <Modal open title={t(m.loggedTime)} onClose={onClose} className="modal--sheet log-dialog" footer={<Button variant="secondary" onClick={onClose}>{t(m.close)}</Button>}>
        <dl className="dl">
          <dt>{t(m.category)}</dt>
          <dd>{ACTIVITY_CATEGORIES[activity.category] ? tText(ACTIVITY_CATEGORIES[activity.category]!) : activity.category}</dd>
          <dt>{t(m.who)}</dt>
          <dd>{activity.user.name}</dd>
          <dt>{t(m.when)}</dt>
          <dd>{formatDate(when, locale, 'EEEE PP, p')} ({formatMinutes(activity.minutes)})</dd>
        </dl>
        <p className="muted text-sm">{t(m.timeNotesPrivate)}</p>
      </Modal>
    );
  }

  return (
    <>
      <Modal
        open={!confirmDelete}
        title={activity ? t(m.editTimeEntry) : t(m.logTime)}
        onClose={onClose}
        dismissible={!busy}
        className="modal--sheet log-dialog"
        footer={
          <>
            {activity?.can_edit && (
              <Button variant="ghost" className="log-dialog__delete" onClick={() => setConfirmDelete(true)} disabled={busy}>{t(m.delete)}</Button>
            )}
            <Button variant="secondary" onClick={onClose} disabled={busy}>{t(m.cancel)}</Button>
            <Button type="submit" form="log-time-form" busy={busy} className="log-dialog__save">{activity ? t(m.saveChanges) : t(m.logTime)}</Button>
          </>
        }
      >
        <form id="log-time-form" ref={formRef} className="log-form stack" onSubmit={submit} noValidate>
          <FormError error={formError} />
          <fieldset className={['field', 'category-picker', errors.category && 'field--invalid'].filter(Boolean).join(' ')} aria-invalid={errors.category ? true : undefined} aria-describedby={errors.category ? 'log-time-category-error' : undefined} tabIndex={-1}>
            <legend className="field__label">{t(m.category)}</legend>
            <div className="category-picker__options">
              {ACTIVITY_CATEGORY_KEYS.map((key) => (
                <label key={key} className="category-picker__option">
                  <input type="radio" name="category" value={key} checked={category === key} onChange={() => { setCategory(key); setErrors((e) => ({ ...e, category: undefined })); }} />
                  <span>{tText(ACTIVITY_CATEGORIES[key])}</span>
                </label>
              ))}
            </div>
            <FieldErrors id="log-time-category-error" errors={errors.category ? [errors.category] : []} />
          </fieldset>
          <div className="log-form__when">
            <TextField label={t(m.date)} name="day" type="date" value={day} required error={errors.starts_at} onChange={(v) => { setDay(v); setErrors((e) => ({ ...e, starts_at: undefined })); }} />
            <TextField label={t(m.startTime)} name="time" type="time" step={300} value={time} required onChange={(v) => { setTime(v); setErrors((e) => ({ ...e, starts_at: undefined })); }} />
            <TextField label={t(m.minutes)} name="minutes" type="number" inputMode="numeric" min={1} max={DURATION_MAX_MINUTES} value={minutes} required error={errors.minutes} onChange={(v) => { setMinutes(v); setErrors((e) => ({ ...e, minutes: undefined })); }} />
          </div>
          <TextAreaField label={t(m.notes)} name="notes" value={notes} rows={3} maxLength={NOTES_MAX} error={errors.notes} hint={t(m.onlyYouNotes)} onChange={setNotes} />
        </form>
      </Modal>
      <ConfirmDialog
        open={confirmDelete}
        title={t(m.deleteTimeTitle)}
        message={<p>{t(m.deleteTimeBody)}</p>}
        confirmLabel={t(m.deleteTimeLabel)}
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
    </>
  );
}
