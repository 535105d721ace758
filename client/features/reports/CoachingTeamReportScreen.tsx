// /app/reports/coaching-team — one row per coach: caseload, interactions, hours coaching against other
// interaction time and logged time (activities), educators reached, cycles active and completed; the
// team's time use as a stacked bar and per coach. Sorted by the API (sort in the URL). Then each coach's
// follow-through (their caseload's action steps due in the range) and the coaching requests that reached them.
import type { ReactNode } from 'react';
import type { CoachingTeamReport, CoachingTeamRow } from '../../../common/schemas/reports';
import { useCoachingTeamReport } from './api';
import { BarChart } from './charts/BarChart';
import { ChartFrame } from './charts/ChartFrame';
import { reportScreen } from './components/ReportLayout';
import { type Column, DrillCell, Headline, NoInteractions, ReportTable } from './components/ReportParts';
import { hours, int, percent } from './format';
import { csvHref, EMPTY_FILTERS, hasFilters } from './reportQuery';
import type { ReportPage } from './useReportPage';
import { defineMessages, t, tRich } from '../../lib/i18n';
import { AfterFirstPaint } from '../../lib/paintFirst';

const m = defineMessages({
  drillOf: { id: 'reports.team.drillOf', defaultMessage: 'Interactions of {name}' },
  interactionsOf: { id: 'reports.team.interactionsOf', defaultMessage: 'interactions of {name}' },
  coach: { id: 'reports.team.coach', defaultMessage: 'Coach' },
  caseload: { id: 'reports.team.caseload', defaultMessage: 'Caseload' },
  interactions: { id: 'reports.team.interactions', defaultMessage: 'Interactions' },
  coachingHours: { id: 'reports.team.coachingHours', defaultMessage: 'Coaching hours' },
  otherHours: { id: 'reports.team.otherHours', defaultMessage: 'Other interaction hours' },
  loggedHours: { id: 'reports.team.loggedHours', defaultMessage: 'Logged time hours' },
  reached: { id: 'reports.team.reached', defaultMessage: 'Educators reached' },
  cyclesActive: { id: 'reports.team.cyclesActive', defaultMessage: 'Cycles active' },
  cyclesCompleted: { id: 'reports.team.cyclesCompleted', defaultMessage: 'Cycles completed' },
  stepsDue: { id: 'reports.team.stepsDue', defaultMessage: 'Steps due' },
  onTime: { id: 'reports.team.onTime', defaultMessage: 'On time' },
  late: { id: 'reports.team.late', defaultMessage: 'Late' },
  overdue: { id: 'reports.team.overdue', defaultMessage: 'Overdue' },
  onTimeShare: { id: 'reports.team.onTimeShare', defaultMessage: 'On-time share' },
  requests: { id: 'reports.team.requests', defaultMessage: 'Requests' },
  accepted: { id: 'reports.team.accepted', defaultMessage: 'Accepted' },
  passed: { id: 'reports.team.passed', defaultMessage: 'Passed on' },
  waiting: { id: 'reports.team.waiting', defaultMessage: 'Waiting' },
  initiated: { id: 'reports.team.initiated', defaultMessage: 'Educator-initiated' },
  coaches: { id: 'reports.team.coaches', defaultMessage: 'Coaches' },
  completedInteractions: { id: 'reports.team.completedInteractions', defaultMessage: 'Completed interactions' },
  timeUse: { id: 'reports.team.timeUse', defaultMessage: 'Time use of the team' },
  timeSummary: { id: 'reports.team.timeSummary', defaultMessage: '{total} hours in all; the largest share is {label}, {hours} hours ({share}).' },
  noTime: { id: 'reports.team.noTime', defaultMessage: 'No time logged.' },
  time: { id: 'reports.team.time', defaultMessage: 'Time' },
  hours: { id: 'reports.team.hours', defaultMessage: 'Hours' },
  share: { id: 'reports.team.share', defaultMessage: 'Share' },
  hoursShare: { id: 'reports.team.hoursShare', defaultMessage: '{hours} h ({share})' },
  hoursShort: { id: 'reports.team.hoursShort', defaultMessage: '{hours} h' },
  perCoach: { id: 'reports.team.perCoach', defaultMessage: 'Coaching against other time, per coach' },
  perCoachSummary: { id: 'reports.team.perCoachSummary', defaultMessage: 'Per coach: hours of coaching interactions, other interactions and logged time. {count, plural, one {# coach} other {# coaches}}.' },
  hoursPerCoach: { id: 'reports.team.hoursPerCoach', defaultMessage: 'Hours per coach' },
  coaching: { id: 'reports.team.coaching', defaultMessage: 'Coaching' },
  other: { id: 'reports.team.other', defaultMessage: 'Other interactions' },
  logged: { id: 'reports.team.logged', defaultMessage: 'Logged time' },
  team: { id: 'reports.team.team', defaultMessage: 'The coaching team' },
  follow: { id: 'reports.team.follow', defaultMessage: 'Follow-through' },
  followCaption: { id: 'reports.team.followCaption', defaultMessage: 'Action steps of each coach\'s caseload' },
  followHow: { id: 'reports.team.followHow', defaultMessage: '<b>How this is counted:</b> Action steps of the coach’s caseload due in the range (dropped steps left out): on time means done on or before the due day, overdue still open after it; the share is of the steps done or overdue. The Coaches CSV holds these columns too.' },
  requestsTitle: { id: 'reports.team.requestsTitle', defaultMessage: 'Coaching requests' },
  requestsCaption: { id: 'reports.team.requestsCaption', defaultMessage: 'Coaching requests per coach' },
  requestsHow: { id: 'reports.team.requestsHow', defaultMessage: '<b>How this is counted:</b> Requests are those educators made in the range that reached the coach’s queue; educator-initiated interactions are the completed sessions that accepting one scheduled. The Coaches CSV holds these columns too.' },
});
const bold = (chunks: ReactNode) => <strong>{chunks}</strong>;

function Report({ page, data }: { page: ReportPage; data: CoachingTeamReport }) {
  const { state, setDrill, interactionFilter } = page;
  const h = data.headline;
  const range = data.range;
  if (h.interactions === 0 && h.activity_minutes === 0) {
    return <NoInteractions filtered={hasFilters(state.filters)} onClear={() => page.change({ filters: EMPTY_FILTERS })} />;
  }
  const drillCoach = (r: CoachingTeamRow) => () => setDrill({ kind: 'interactions', title: t(m.drillOf, { name: r.coach.name }), filter: interactionFilter(range, { coach_id: [r.coach.id] }) });
  const totalTime = data.time_use.reduce((a, u) => a + u.minutes, 0);
  const columns: Column<CoachingTeamRow>[] = [
    { key: 'name', label: t(m.coach), sortValue: () => null, render: (r) => r.coach.name },
    { key: 'caseload', label: t(m.caseload), numeric: true, sortValue: () => null, render: (r) => int(r.caseload) },
    { key: 'interactions', label: t(m.interactions), numeric: true, sortValue: () => null, render: (r) => <DrillCell value={int(r.interactions)} label={t(m.interactionsOf, { name: r.coach.name })} onDrill={drillCoach(r)} /> },
    { key: 'coaching_minutes', label: t(m.coachingHours), numeric: true, sortValue: () => null, render: (r) => hours(r.coaching_minutes) },
    { key: 'other', label: t(m.otherHours), numeric: true, render: (r) => hours(r.other_interaction_minutes) },
    { key: 'activity', label: t(m.loggedHours), numeric: true, render: (r) => hours(r.activity_minutes) },
    { key: 'educators_reached', label: t(m.reached), numeric: true, sortValue: () => null, render: (r) => int(r.educators_reached) },
    { key: 'cycles_active', label: t(m.cyclesActive), numeric: true, sortValue: () => null, render: (r) => int(r.cycles_active) },
    { key: 'cycles_completed', label: t(m.cyclesCompleted), numeric: true, sortValue: () => null, render: (r) => int(r.cycles_completed) },
  ];
  const followColumns: Column<CoachingTeamRow>[] = [
    { key: 'name', label: t(m.coach), sortValue: (r) => r.coach.name, render: (r) => r.coach.name },
    { key: 'steps_due', label: t(m.stepsDue), numeric: true, sortValue: (r) => r.action_steps.due, render: (r) => int(r.action_steps.due) },
    { key: 'steps_on_time', label: t(m.onTime), numeric: true, sortValue: (r) => r.action_steps.on_time, render: (r) => int(r.action_steps.on_time) },
    { key: 'steps_late', label: t(m.late), numeric: true, sortValue: (r) => r.action_steps.late, render: (r) => int(r.action_steps.late) },
    { key: 'steps_overdue', label: t(m.overdue), numeric: true, sortValue: (r) => r.action_steps.overdue, render: (r) => int(r.action_steps.overdue) },
    { key: 'steps_share', label: t(m.onTimeShare), numeric: true, sortValue: (r) => r.action_steps.on_time_share, render: (r) => percent(r.action_steps.on_time_share) },
  ];
  // Apart from the follow-through so that neither table is wider than a laptop's screen.
  const requestColumns: Column<CoachingTeamRow>[] = [
    { key: 'name', label: t(m.coach), sortValue: (r) => r.coach.name, render: (r) => r.coach.name },
    { key: 'requests', label: t(m.requests), numeric: true, sortValue: (r) => r.requests.received, render: (r) => int(r.requests.received) },
    { key: 'accepted', label: t(m.accepted), numeric: true, sortValue: (r) => r.requests.accepted, render: (r) => int(r.requests.accepted) },
    { key: 'passed', label: t(m.passed), numeric: true, sortValue: (r) => r.requests.passed, render: (r) => int(r.requests.passed) },
    { key: 'waiting', label: t(m.waiting), numeric: true, sortValue: (r) => r.requests.waiting, render: (r) => int(r.requests.waiting) },
    { key: 'initiated', label: t(m.initiated), numeric: true, sortValue: (r) => r.educator_initiated, render: (r) => int(r.educator_initiated) },
  ];
  const biggest = [...data.time_use].sort((a, b) => b.minutes - a.minutes)[0];
  return (
    <>
      <Headline figures={[
        { key: 'coaches', label: t(m.coaches), value: int(h.coaches) },
        { key: 'interactions', label: t(m.interactions), value: int(h.interactions), onDrill: () => setDrill({ kind: 'interactions', title: t(m.completedInteractions), filter: interactionFilter(range) }) },
        { key: 'coaching', label: t(m.coachingHours), value: hours(h.coaching_minutes) },
        { key: 'activity', label: t(m.loggedHours), value: hours(h.activity_minutes) },
        { key: 'reached', label: t(m.reached), value: int(h.educators_reached) },
      ]} />
      {/* Under the headline figures: rendered a frame after them, so a phone paints the top first (issue 35). */}
      <AfterFirstPaint render={() => (
        <>
          <div className="report-charts">
            <ChartFrame title={t(m.timeUse)}
              summary={totalTime ? t(m.timeSummary, { total: hours(totalTime), label: biggest!.label, hours: hours(biggest!.minutes), share: percent(biggest!.minutes / totalTime) }) : t(m.noTime)}
              table={{
                caption: t(m.timeUse),
                columns: [{ key: 'k', label: t(m.time) }, { key: 'h', label: t(m.hours), numeric: true }, { key: 's', label: t(m.share), numeric: true }],
                rows: data.time_use.map((u) => ({ key: u.key, cells: [u.label, hours(u.minutes), totalTime ? percent(u.minutes / totalTime) : '–'] })),
              }}>
              {(id) => <BarChart label={t(m.timeUse)} describedBy={id} series={[t(m.hours)]} format={(n) => t(m.hoursShare, { hours: hours(n), share: totalTime ? percent(n / totalTime) : '–' })}
                rows={data.time_use.map((u) => ({ key: u.key, label: u.label, values: [u.minutes] }))} />}
            </ChartFrame>
            <ChartFrame title={t(m.perCoach)}
              summary={t(m.perCoachSummary, { count: data.data.length })}
              table={{
                caption: t(m.hoursPerCoach),
                columns: [{ key: 'c', label: t(m.coach) }, { key: 'a', label: t(m.coaching), numeric: true }, { key: 'b', label: t(m.other), numeric: true }, { key: 'd', label: t(m.logged), numeric: true }],
                rows: data.data.map((r) => ({ key: r.coach.id, cells: [r.coach.name, hours(r.coaching_minutes), hours(r.other_interaction_minutes), hours(r.activity_minutes)] })),
              }}>
              {(id) => <BarChart label={t(m.hoursPerCoach)} describedBy={id} series={[t(m.coaching), t(m.other), t(m.logged)]} format={(n) => t(m.hoursShort, { hours: hours(n) })}
                rows={data.data.map((r) => ({ key: r.coach.id, label: r.coach.name, values: [r.coaching_minutes, r.other_interaction_minutes, r.activity_minutes], onDrill: drillCoach(r) }))} />}
            </ChartFrame>
          </div>
          {/* The tables a frame after the charts, a commit of their own (issue 35). */}
          <AfterFirstPaint render={() => (
            <>
              <ReportTable title={t(m.coaches)} caption={t(m.team)} columns={columns} rows={data.data} rowKey={(r) => r.coach.id}
                csv={csvHref('coaching-team', page.query, 'coaches')} sort={state.sort ?? 'name'} onSort={(sort) => page.change({ sort: sort === 'name' ? null : sort })} />
              <ReportTable title={t(m.follow)} caption={t(m.followCaption)} columns={followColumns}
                rows={data.data} rowKey={(r) => r.coach.id}
                footer={(
                  <p className="report-table__how text-sm muted">
                    {tRich(m.followHow, { b: bold })}
                  </p>
                )} />
              <ReportTable title={t(m.requestsTitle)} caption={t(m.requestsCaption)} columns={requestColumns}
                rows={data.data} rowKey={(r) => r.coach.id}
                footer={(
                  <p className="report-table__how text-sm muted">
                    {tRich(m.requestsHow, { b: bold })}
                  </p>
                )} />
            </>
          )} />
        </>
      )} />
    </>
  );
}

export default reportScreen('coaching-team', useCoachingTeamReport, Report, 5);
