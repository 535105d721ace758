// The coach's two commands on a coaching request (issue 29, item 4), in their own chunk (lazyPart): Accept
// schedules the session (a day and a time on the coach's clock, its length), Pass on hands it to another coach
// (or the educator's school's other coaches) with a note for them.
import { useMemo } from 'react';
import { DURATION_MAX_MINUTES } from '../../../../common/interactionValues';
import { COACHING_REQUEST_NOTE_MAX } from '../../../../common/coachingRequestValues';
import { FormError, SelectField, TextAreaField, TextField } from '../../../components/Field';
import { FormModal } from '../../../components/FormModal';
import { useToast } from '../../../components/Toasts';
import { type CoachingRequest, coachingRequestApi } from '../../../lib/coachingRequests';
import { useFormErrors } from '../../../lib/forms';
import { useCoaches } from '../../../lib/lookups';
import { useInstantFormat, useToday } from '../../../lib/session';
import { addDays, weekdayOf, zonedToUtc } from '../../../lib/zonedTime';

/** The next weekday after today: a session's default day. */
function nextWeekday(today: string): string {
  let day = addDays(today, 1);
  while (weekdayOf(day) === 0 || weekdayOf(day) === 6) day = addDays(day, 1);
  return day;
}

export function AcceptRequestDialog({ request, onClose }: { request: CoachingRequest; onClose: () => void }) {
  const toast = useToast();
  const when = useInstantFormat();
  const today = useToday();
  const form = useFormErrors({ day: nextWeekday(today), time: '15:00', duration_minutes: '30' }, ['starts_at']);
  const submit = form.onSubmit(async () => {
    // An empty or impossible day or time is sent empty: the server's 422 ("Start is required.") shows on Day.
    const startsAt = zonedToUtc(form.values.day, form.values.time, when.timeZone) ?? '';
    const minutes = form.values.duration_minutes.trim() === '' ? null : Number(form.values.duration_minutes);
    await form.run(async () => {
      const accepted = await coachingRequestApi.accept(request.id, { starts_at: startsAt, duration_minutes: minutes });
      toast.success(`Session with ${request.staff.name} scheduled for ${when.dateTime(accepted.session?.starts_at ?? startsAt)}.`, 'Request accepted');
      onClose();
    });
  });
  return (
    <FormModal
      title={`Accept ${request.staff.name}'s request`}
      onClose={onClose}
      form={{ busy: form.busy, formRef: form.formRef }}
      formId="accept-request-form"
      onSubmit={submit}
      submitLabel="Schedule session"
    >
      <p>“{request.topic}”{request.preferred_times ? <> · Times that suit: {request.preferred_times}</> : null}</p>
      <p className="muted text-sm">The session is added to your calendar as a scheduled interaction with {request.staff.name}, who sees it with their request.</p>
      <FormError error={form.formError} />
      <TextField label="Day" type="date" required min={today} {...form.field('day')} error={form.errors.starts_at ?? form.errors.day} />
      <TextField label="Time" type="time" required {...form.field('time')} />
      <TextField label="Length in minutes" type="number" min={1} max={DURATION_MAX_MINUTES} hint="Empty: the interaction type's usual length." {...form.field('duration_minutes')} />
    </FormModal>
  );
}

export function PassRequestDialog({ request, selfId, onClose }: { request: CoachingRequest; selfId: number; onClose: () => void }) {
  const toast = useToast();
  const coaches = useCoaches();
  const form = useFormErrors({ to_user_id: '', note: '' });
  const options = useMemo(() => [
    { value: '', label: `The other coaches at ${request.staff.name}'s school` },
    ...(coaches.data?.data ?? []).filter((c) => c.id !== selfId).map((c) => ({ value: String(c.id), label: c.name })),
  ], [coaches.data, request.staff.name, selfId]);
  const submit = form.onSubmit(async () => {
    await form.run(async () => {
      const passed = await coachingRequestApi.pass(request.id, { to_user_id: form.values.to_user_id ? Number(form.values.to_user_id) : null, note: form.values.note });
      toast.success(`${request.staff.name}'s request is with ${passed.holders.map((h) => h.name).join(', ')} now.`, 'Request passed on');
      onClose();
    });
  });
  return (
    <FormModal
      title={`Pass on ${request.staff.name}'s request`}
      onClose={onClose}
      form={{ busy: form.busy, formRef: form.formRef }}
      formId="pass-request-form"
      onSubmit={submit}
      submitLabel="Pass on"
    >
      <p>“{request.topic}”</p>
      <FormError error={form.formError} />
      <SelectField label="Pass it to" options={options} {...form.field('to_user_id')} />
      <TextAreaField label="Note for the coach" required rows={4} maxLength={COACHING_REQUEST_NOTE_MAX}
        hint={`Why you are passing it on. ${request.staff.name} does not see this note.`} {...form.field('note')} />
    </FormModal>
  );
}
