// Follow-through on the Interactions report (issue 29): action steps due in the range, done on time, late or
// overdue, and coaching requests educators made (educator-initiated coaching), each in all, by coach and by
// school, with the CSV of each table. Counting rules: common/schemas/reports.ts (FollowThroughFigures,
// RequestFigures) and docs/guide/reports.md.
import type { FollowThroughFigures, InteractionsReport, RequestFigures } from '../../../../common/schemas/reports';
import { int, percent } from '../format';
import { defineMessages, t, tRich } from '../../../lib/i18n';
import { type Column, Headline, ReportTable } from './ReportParts';

type Named = { id: number | null; name: string };

const m = defineMessages({
  stepsDue: { id: 'reports.follow.stepsDue', defaultMessage: 'Steps due' },
  onTimeDone: { id: 'reports.follow.onTimeDone', defaultMessage: 'Done on time' },
  late: { id: 'reports.follow.late', defaultMessage: 'Done late' },
  overdue: { id: 'reports.follow.overdue', defaultMessage: 'Overdue' },
  onTime: { id: 'reports.follow.onTime', defaultMessage: 'On time' },
  accepted: { id: 'reports.follow.accepted', defaultMessage: 'Accepted' },
  passed: { id: 'reports.follow.passed', defaultMessage: 'Passed on' },
  waiting: { id: 'reports.follow.waiting', defaultMessage: 'Waiting' },
  withdrawn: { id: 'reports.follow.withdrawn', defaultMessage: 'Withdrawn' },
  title: { id: 'reports.follow.title', defaultMessage: 'Follow-through and educator-initiated coaching' },
  figures: { id: 'reports.follow.figures', defaultMessage: 'Follow-through figures' },
  onTimeLabel: { id: 'reports.follow.onTimeLabel', defaultMessage: 'Action steps done on time' },
  ofSettled: { id: 'reports.follow.ofSettled', defaultMessage: '{onTime} of {count, plural, one {# step done or overdue} other {# steps done or overdue}}' },
  due: { id: 'reports.follow.due', defaultMessage: '{count, plural, one {# step due} other {# steps due}}' },
  overdueLabel: { id: 'reports.follow.overdueLabel', defaultMessage: 'Overdue action steps' },
  ofDue: { id: 'reports.follow.ofDue', defaultMessage: 'of {count, plural, one {# step due} other {# steps due}} in this range' },
  requests: { id: 'reports.follow.requests', defaultMessage: 'Coaching requests' },
  requestsSub: { id: 'reports.follow.requestsSub', defaultMessage: '{accepted} accepted, {waiting} waiting' },
  initiated: { id: 'reports.follow.initiated', defaultMessage: 'Educator-initiated interactions' },
  initiatedSub: { id: 'reports.follow.initiatedSub', defaultMessage: 'completed sessions from accepted requests' },
  noSteps: { id: 'reports.follow.noSteps', defaultMessage: 'No action steps were due in this range.' },
  noRequests: { id: 'reports.follow.noRequests', defaultMessage: 'No coaching requests were made in this range.' },
  stepsByCoach: { id: 'reports.follow.stepsByCoach', defaultMessage: 'Action steps by coach' },
  stepsByCoachCaption: { id: 'reports.follow.stepsByCoachCaption', defaultMessage: 'Action steps due in the range, by coach (their caseload)' },
  coach: { id: 'reports.follow.coach', defaultMessage: 'Coach' },
  school: { id: 'reports.follow.school', defaultMessage: 'School' },
  stepsBySchool: { id: 'reports.follow.stepsBySchool', defaultMessage: 'Action steps by school' },
  stepsBySchoolCaption: { id: 'reports.follow.stepsBySchoolCaption', defaultMessage: "Action steps due in the range, by the educator's school" },
  howSteps: { id: 'reports.follow.howSteps', defaultMessage: '<b>How this is counted:</b> Action steps due in the range, dropped steps left out. On time means done on or before the due day; overdue means still open after it. The on-time share is of the steps done or overdue; steps not yet due and steps without a due day are not in it. By coach: the steps of the educators in their caseload.' },
  requestsByCoach: { id: 'reports.follow.requestsByCoach', defaultMessage: 'Coaching requests by coach' },
  requestsByCoachCaption: { id: 'reports.follow.requestsByCoachCaption', defaultMessage: 'Coaching requests made in the range, by coach (their queue)' },
  received: { id: 'reports.follow.received', defaultMessage: 'Received' },
  requestsBySchool: { id: 'reports.follow.requestsBySchool', defaultMessage: 'Coaching requests by school' },
  requestsBySchoolCaption: { id: 'reports.follow.requestsBySchoolCaption', defaultMessage: "Coaching requests made in the range, by the educator's school" },
  requestsColumn: { id: 'reports.follow.requestsColumn', defaultMessage: 'Requests' },
  howRequests: { id: 'reports.follow.howRequests', defaultMessage: '<b>How this is counted:</b> Requests educators made in the range, as they stand now. By coach: requests that reached their queue, that they accepted, that left their queue passed on, and that wait there now. Educator-initiated interactions are the completed sessions that accepting a request scheduled.' },
});
const bold = (chunks: React.ReactNode[]) => <strong>{chunks}</strong>;

const stepColumns = <T extends Named & FollowThroughFigures>(first: string): Column<T>[] => [
  { key: 'name', label: first, sortValue: (r) => r.name, render: (r) => r.name },
  { key: 'due', label: t(m.stepsDue), numeric: true, sortValue: (r) => r.due, render: (r) => int(r.due) },
  { key: 'on_time', label: t(m.onTimeDone), numeric: true, sortValue: (r) => r.on_time, render: (r) => int(r.on_time) },
  { key: 'late', label: t(m.late), numeric: true, sortValue: (r) => r.late, render: (r) => int(r.late) },
  { key: 'overdue', label: t(m.overdue), numeric: true, sortValue: (r) => r.overdue, render: (r) => int(r.overdue) },
  { key: 'share', label: t(m.onTime), numeric: true, sortValue: (r) => r.on_time_share, render: (r) => percent(r.on_time_share) },
];

const requestColumns = <T extends Named & RequestFigures>(first: string, received: string): Column<T>[] => [
  { key: 'name', label: first, sortValue: (r) => r.name, render: (r) => r.name },
  { key: 'received', label: received, numeric: true, sortValue: (r) => r.received, render: (r) => int(r.received) },
  { key: 'accepted', label: t(m.accepted), numeric: true, sortValue: (r) => r.accepted, render: (r) => int(r.accepted) },
  { key: 'passed', label: t(m.passed), numeric: true, sortValue: (r) => r.passed, render: (r) => int(r.passed) },
  { key: 'waiting', label: t(m.waiting), numeric: true, sortValue: (r) => r.waiting, render: (r) => int(r.waiting) },
  { key: 'withdrawn', label: t(m.withdrawn), numeric: true, sortValue: (r) => r.withdrawn, render: (r) => int(r.withdrawn) },
];

/** The figures beside the coaching targets: on-time share, overdue steps, requests and the sessions they led to. */
export function FollowThroughHeadline({ data }: { data: InteractionsReport }) {
  const s = data.action_steps.headline;
  const r = data.requests.headline;
  const settled = s.on_time + s.late + s.overdue;
  return (
    <section className="report-follow-through" aria-labelledby="report-follow-through-title">
      <h2 id="report-follow-through-title" className="report-follow-through__title">{t(m.title)}</h2>
      <Headline label={t(m.figures)} figures={[
        { key: 'on-time', label: t(m.onTimeLabel), value: percent(s.on_time_share),
          sub: settled ? t(m.ofSettled, { onTime: int(s.on_time), count: settled }) : t(m.due, { count: s.due }) },
        { key: 'overdue', label: t(m.overdueLabel), value: int(s.overdue), sub: t(m.ofDue, { count: s.due }) },
        { key: 'requests', label: t(m.requests), value: int(r.received), sub: t(m.requestsSub, { accepted: int(r.accepted), waiting: int(r.waiting) }) },
        { key: 'initiated', label: t(m.initiated), value: int(data.headline.educator_initiated), sub: t(m.initiatedSub) },
      ]} />
    </section>
  );
}

/** The four tables: action steps and requests, by coach and by school. */
export function FollowThroughTables({ data, csv }: { data: InteractionsReport; csv: (table: string) => string }) {
  const noSteps = t(m.noSteps);
  const noRequests = t(m.noRequests);
  return (
    <>
      <ReportTable title={t(m.stepsByCoach)} caption={t(m.stepsByCoachCaption)} columns={stepColumns(t(m.coach))}
        rows={data.action_steps.by_coach} rowKey={(r) => r.id} csv={csv('action_steps_by_coach')} empty={noSteps} />
      <ReportTable title={t(m.stepsBySchool)} caption={t(m.stepsBySchoolCaption)} columns={stepColumns(t(m.school))}
        rows={data.action_steps.by_school} rowKey={(r) => r.id ?? 'none'} csv={csv('action_steps_by_school')} empty={noSteps}
        footer={(
          <p className="report-table__how text-sm muted">
            {tRich(m.howSteps, { b: bold })}
          </p>
        )} />
      <ReportTable title={t(m.requestsByCoach)} caption={t(m.requestsByCoachCaption)} columns={requestColumns(t(m.coach), t(m.received))}
        rows={data.requests.by_coach} rowKey={(r) => r.id} csv={csv('requests_by_coach')} empty={noRequests} />
      <ReportTable title={t(m.requestsBySchool)} caption={t(m.requestsBySchoolCaption)} columns={requestColumns(t(m.school), t(m.requestsColumn))}
        rows={data.requests.by_school} rowKey={(r) => r.id ?? 'none'} csv={csv('requests_by_school')} empty={noRequests}
        footer={(
          <p className="report-table__how text-sm muted">
            {tRich(m.howRequests, { b: bold })}
          </p>
        )} />
    </>
  );
}
