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
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  scheduled: { id: 'dashboard.requests.scheduled', defaultMessage: 'Session with {name} scheduled for {when}.' },
  accepted: { id: 'dashboard.requests.accepted', defaultMessage: 'Request accepted' },
  acceptTitle: { id: 'dashboard.requests.acceptTitle', defaultMessage: "Accept {name}'s request" },
  schedule: { id: 'dashboard.requests.schedule', defaultMessage: 'Schedule session' },
  topic: { id: 'dashboard.requests.topic', defaultMessage: '“{topic}”' },
  topicTimes: { id: 'dashboard.requests.topicTimes', defaultMessage: '“{topic}” · Times that suit: {times}' },
  calendarNote: { id: 'dashboard.requests.calendarNote', defaultMessage: 'The session is added to your calendar as a scheduled interaction with {name}, who sees it with their request.' },
  day: { id: 'dashboard.requests.day', defaultMessage: 'Day' },
  time: { id: 'dashboard.requests.time', defaultMessage: 'Time' },
  length: { id: 'dashboard.requests.length', defaultMessage: 'Length in minutes' },
  lengthHint: { id: 'dashboard.requests.lengthHint', defaultMessage: "Empty: the interaction type's usual length." },
  otherCoaches: { id: 'dashboard.requests.otherCoaches', defaultMessage: "The other coaches at {name}'s school" },
  passedTo: { id: 'dashboard.requests.passedTo', defaultMessage: "{name}'s request is with {holders} now." },
  passed: { id: 'dashboard.requests.passed', defaultMessage: 'Request passed on' },
  passTitle: { id: 'dashboard.requests.passTitle', defaultMessage: "Pass on {name}'s request" },
  passOn: { id: 'dashboard.requests.passOn', defaultMessage: 'Pass on' },
  passTo: { id: 'dashboard.requests.passTo', defaultMessage: 'Pass it to' },
  note: { id: 'dashboard.requests.note', defaultMessage: 'Note for the coach' },
  noteHint: { id: 'dashboard.requests.noteHint', defaultMessage: 'Why you are passing it on. {name} does not see this note.' },
});

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
      toast.success(t(m.scheduled, { name: request.staff.name, when: when.dateTime(accepted.session?.starts_at ?? startsAt) }), t(m.accepted));
      onClose();
    });
  });
  return (
    <FormModal
      title={t(m.acceptTitle, { name: request.staff.name })}
      onClose={onClose}
      form={{ busy: form.busy, formRef: form.formRef }}
      formId="accept-request-form"
      onSubmit={submit}
      submitLabel={t(m.schedule)}
    >
      <p>{request.preferred_times ? t(m.topicTimes, { topic: request.topic, times: request.preferred_times }) : t(m.topic, { topic: request.topic })}</p>
      <p className="muted text-sm">{t(m.calendarNote, { name: request.staff.name })}</p>
      <FormError error={form.formError} />
      <TextField label={t(m.day)} type="date" required min={today} {...form.field('day')} error={form.errors.starts_at ?? form.errors.day} />
      <TextField label={t(m.time)} type="time" required {...form.field('time')} />
      <TextField label={t(m.length)} type="number" min={1} max={DURATION_MAX_MINUTES} hint={t(m.lengthHint)} {...form.field('duration_minutes')} />
    </FormModal>
  );
}

export function PassRequestDialog({ request, selfId, onClose }: { request: CoachingRequest; selfId: number; onClose: () => void }) {
  const toast = useToast();
  const coaches = useCoaches();
  const form = useFormErrors({ to_user_id: '', note: '' });
  const options = useMemo(() => [
    { value: '', label: t(m.otherCoaches, { name: request.staff.name }) },
    ...(coaches.data?.data ?? []).filter((c) => c.id !== selfId).map((c) => ({ value: String(c.id), label: c.name })),
  ], [coaches.data, request.staff.name, selfId]);
  const submit = form.onSubmit(async () => {
    await form.run(async () => {
      const passed = await coachingRequestApi.pass(request.id, { to_user_id: form.values.to_user_id ? Number(form.values.to_user_id) : null, note: form.values.note });
      toast.success(t(m.passedTo, { name: request.staff.name, holders: passed.holders.map((h) => h.name).join(', ') }), t(m.passed));
      onClose();
    });
  });
  return (
    <FormModal
      title={t(m.passTitle, { name: request.staff.name })}
      onClose={onClose}
      form={{ busy: form.busy, formRef: form.formRef }}
      formId="pass-request-form"
      onSubmit={submit}
      submitLabel={t(m.passOn)}
    >
      <p>{t(m.topic, { topic: request.topic })}</p>
      <FormError error={form.formError} />
      <SelectField label={t(m.passTo)} options={options} {...form.field('to_user_id')} />
      <TextAreaField label={t(m.note)} required rows={4} maxLength={COACHING_REQUEST_NOTE_MAX}
        hint={t(m.noteHint, { name: request.staff.name })} {...form.field('note')} />
    </FormModal>
  );
}
