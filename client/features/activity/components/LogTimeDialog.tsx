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
    if (!category) local.category = 'Choose a category.';
    const startsAt = zonedToUtc(day, time, timeZone);
    if (!startsAt) local.starts_at = 'Enter a date and a time.';
    const n = Number(minutes);
    if (!/^\d+$/.test(minutes.trim()) || n < 1 || n > DURATION_MAX_MINUTES) local.minutes = `Minutes must be from 1 to ${DURATION_MAX_MINUTES}.`;
    if (Object.keys(local).length) {
      // The form-level error of an earlier attempt stays until the next request.
      sending.fail({ fields: local, form: formError });
      return;
    }
    await sending.run(async () => {
      const payload = { category, starts_at: startsAt!, minutes: n, notes };
      if (activity) await updateActivity(activity.id, payload);
      else await createActivity(payload);
      onSaved(activity ? 'Time entry saved.' : 'Time logged.');
    });
  });

  async function remove() {
    if (!activity) return;
    setBusy(true);
    try {
      await deleteActivity(activity.id);
      onSaved('Time entry deleted.');
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
      <Modal open title="Logged time" onClose={onClose} className="modal--sheet log-dialog" footer={<Button variant="secondary" onClick={onClose}>Close</Button>}>
        <dl className="dl">
          <dt>Category</dt>
          <dd>{ACTIVITY_CATEGORIES[activity.category] ?? activity.category}</dd>
          <dt>Who</dt>
          <dd>{activity.user.name}</dd>
          <dt>When</dt>
          <dd>{formatDate(when, locale, 'EEEE PP, p')} ({formatMinutes(activity.minutes)})</dd>
        </dl>
        <p className="muted text-sm">Notes on logged time are seen only by the person who logged it.</p>
      </Modal>
    );
  }

  return (
    <>
      <Modal
        open={!confirmDelete}
        title={activity ? 'Edit time entry' : 'Log time'}
        onClose={onClose}
        dismissible={!busy}
        className="modal--sheet log-dialog"
        footer={
          <>
            {activity?.can_edit && (
              <Button variant="ghost" className="log-dialog__delete" onClick={() => setConfirmDelete(true)} disabled={busy}>Delete</Button>
            )}
            <Button variant="secondary" onClick={onClose} disabled={busy}>Cancel</Button>
            <Button type="submit" form="log-time-form" busy={busy} className="log-dialog__save">{activity ? 'Save changes' : 'Log time'}</Button>
          </>
        }
      >
        <form id="log-time-form" ref={formRef} className="log-form stack" onSubmit={submit} noValidate>
          <FormError error={formError} />
          <fieldset className={['field', 'category-picker', errors.category && 'field--invalid'].filter(Boolean).join(' ')} aria-invalid={errors.category ? true : undefined} aria-describedby={errors.category ? 'log-time-category-error' : undefined} tabIndex={-1}>
            <legend className="field__label">Category</legend>
            <div className="category-picker__options">
              {ACTIVITY_CATEGORY_KEYS.map((key) => (
                <label key={key} className="category-picker__option">
                  <input type="radio" name="category" value={key} checked={category === key} onChange={() => { setCategory(key); setErrors((e) => ({ ...e, category: undefined })); }} />
                  <span>{ACTIVITY_CATEGORIES[key]}</span>
                </label>
              ))}
            </div>
            <FieldErrors id="log-time-category-error" errors={errors.category ? [errors.category] : []} />
          </fieldset>
          <div className="log-form__when">
            <TextField label="Date" name="day" type="date" value={day} required error={errors.starts_at} onChange={(v) => { setDay(v); setErrors((e) => ({ ...e, starts_at: undefined })); }} />
            <TextField label="Start time" name="time" type="time" step={300} value={time} required onChange={(v) => { setTime(v); setErrors((e) => ({ ...e, starts_at: undefined })); }} />
            <TextField label="Minutes" name="minutes" type="number" inputMode="numeric" min={1} max={DURATION_MAX_MINUTES} value={minutes} required error={errors.minutes} onChange={(v) => { setMinutes(v); setErrors((e) => ({ ...e, minutes: undefined })); }} />
          </div>
          <TextAreaField label="Notes" name="notes" value={notes} rows={3} maxLength={NOTES_MAX} error={errors.notes} hint="Only you can see these notes." onChange={setNotes} />
        </form>
      </Modal>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this time entry?"
        message={<p>The entry and its minutes are removed from your activity.</p>}
        confirmLabel="Delete time entry"
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
    </>
  );
}
