// /app/reports/coaching-team — one row per coach: caseload, interactions, hours coaching against other
// interaction time and logged time (activities), educators reached, cycles active and completed; the
// team's time use as a stacked bar and per coach. Sorted by the API (sort in the URL). Then each coach's
// follow-through (their caseload's action steps due in the range) and the coaching requests that reached them.
import type { CoachingTeamReport, CoachingTeamRow } from '../../../common/schemas/reports';
import { useCoachingTeamReport } from './api';
import { BarChart } from './charts/BarChart';
import { ChartFrame } from './charts/ChartFrame';
import { reportScreen } from './components/ReportLayout';
import { type Column, DrillCell, Headline, NoInteractions, ReportTable } from './components/ReportParts';
import { counted, hours, int, percent } from './format';
import { csvHref, EMPTY_FILTERS, hasFilters } from './reportQuery';
import type { ReportPage } from './useReportPage';

function Report({ page, data }: { page: ReportPage; data: CoachingTeamReport }) {
  const { state, setDrill, interactionFilter } = page;
  const h = data.headline;
  const range = data.range;
  if (h.interactions === 0 && h.activity_minutes === 0) {
    return <NoInteractions filtered={hasFilters(state.filters)} onClear={() => page.change({ filters: EMPTY_FILTERS })} />;
  }
  const drillCoach = (r: CoachingTeamRow) => () => setDrill({ kind: 'interactions', title: `Interactions of ${r.coach.name}`, filter: interactionFilter(range, { coach_id: [r.coach.id] }) });
  const totalTime = data.time_use.reduce((a, t) => a + t.minutes, 0);
  const columns: Column<CoachingTeamRow>[] = [
    { key: 'name', label: 'Coach', sortValue: () => null, render: (r) => r.coach.name },
    { key: 'caseload', label: 'Caseload', numeric: true, sortValue: () => null, render: (r) => int(r.caseload) },
    { key: 'interactions', label: 'Interactions', numeric: true, sortValue: () => null, render: (r) => <DrillCell value={int(r.interactions)} label={`interactions of ${r.coach.name}`} onDrill={drillCoach(r)} /> },
    { key: 'coaching_minutes', label: 'Coaching hours', numeric: true, sortValue: () => null, render: (r) => hours(r.coaching_minutes) },
    { key: 'other', label: 'Other interaction hours', numeric: true, render: (r) => hours(r.other_interaction_minutes) },
    { key: 'activity', label: 'Logged time hours', numeric: true, render: (r) => hours(r.activity_minutes) },
    { key: 'educators_reached', label: 'Educators reached', numeric: true, sortValue: () => null, render: (r) => int(r.educators_reached) },
    { key: 'cycles_active', label: 'Cycles active', numeric: true, sortValue: () => null, render: (r) => int(r.cycles_active) },
    { key: 'cycles_completed', label: 'Cycles completed', numeric: true, sortValue: () => null, render: (r) => int(r.cycles_completed) },
  ];
  const followColumns: Column<CoachingTeamRow>[] = [
    { key: 'name', label: 'Coach', sortValue: (r) => r.coach.name, render: (r) => r.coach.name },
    { key: 'steps_due', label: 'Steps due', numeric: true, sortValue: (r) => r.action_steps.due, render: (r) => int(r.action_steps.due) },
    { key: 'steps_on_time', label: 'On time', numeric: true, sortValue: (r) => r.action_steps.on_time, render: (r) => int(r.action_steps.on_time) },
    { key: 'steps_late', label: 'Late', numeric: true, sortValue: (r) => r.action_steps.late, render: (r) => int(r.action_steps.late) },
    { key: 'steps_overdue', label: 'Overdue', numeric: true, sortValue: (r) => r.action_steps.overdue, render: (r) => int(r.action_steps.overdue) },
    { key: 'steps_share', label: 'On-time share', numeric: true, sortValue: (r) => r.action_steps.on_time_share, render: (r) => percent(r.action_steps.on_time_share) },
  ];
  // Apart from the follow-through so that neither table is wider than a laptop's screen.
  const requestColumns: Column<CoachingTeamRow>[] = [
    { key: 'name', label: 'Coach', sortValue: (r) => r.coach.name, render: (r) => r.coach.name },
    { key: 'requests', label: 'Requests', numeric: true, sortValue: (r) => r.requests.received, render: (r) => int(r.requests.received) },
    { key: 'accepted', label: 'Accepted', numeric: true, sortValue: (r) => r.requests.accepted, render: (r) => int(r.requests.accepted) },
    { key: 'passed', label: 'Passed on', numeric: true, sortValue: (r) => r.requests.passed, render: (r) => int(r.requests.passed) },
    { key: 'waiting', label: 'Waiting', numeric: true, sortValue: (r) => r.requests.waiting, render: (r) => int(r.requests.waiting) },
    { key: 'initiated', label: 'Educator-initiated', numeric: true, sortValue: (r) => r.educator_initiated, render: (r) => int(r.educator_initiated) },
  ];
  const biggest = [...data.time_use].sort((a, b) => b.minutes - a.minutes)[0];
  return (
    <>
      <Headline figures={[
        { key: 'coaches', label: 'Coaches', value: int(h.coaches) },
        { key: 'interactions', label: 'Interactions', value: int(h.interactions), onDrill: () => setDrill({ kind: 'interactions', title: 'Completed interactions', filter: interactionFilter(range) }) },
        { key: 'coaching', label: 'Coaching hours', value: hours(h.coaching_minutes) },
        { key: 'activity', label: 'Logged time hours', value: hours(h.activity_minutes) },
        { key: 'reached', label: 'Educators reached', value: int(h.educators_reached) },
      ]} />
      <div className="report-charts">
        <ChartFrame title="Time use of the team"
          summary={totalTime ? `${hours(totalTime)} hours in all; the largest share is ${biggest!.label}, ${hours(biggest!.minutes)} hours (${percent(biggest!.minutes / totalTime)}).` : 'No time logged.'}
          table={{
            caption: 'Time use of the team',
            columns: [{ key: 'k', label: 'Time' }, { key: 'h', label: 'Hours', numeric: true }, { key: 's', label: 'Share', numeric: true }],
            rows: data.time_use.map((t) => ({ key: t.key, cells: [t.label, hours(t.minutes), totalTime ? percent(t.minutes / totalTime) : '–'] })),
          }}>
          {(id) => <BarChart label="Time use of the team" describedBy={id} series={['Hours']} format={(n) => `${hours(n)} h (${totalTime ? percent(n / totalTime) : '–'})`}
            rows={data.time_use.map((t) => ({ key: t.key, label: t.label, values: [t.minutes] }))} />}
        </ChartFrame>
        <ChartFrame title="Coaching against other time, per coach"
          summary={`Per coach: hours of coaching interactions, other interactions and logged time. ${counted(data.data.length, 'coach', 'coaches')}.`}
          table={{
            caption: 'Hours per coach',
            columns: [{ key: 'c', label: 'Coach' }, { key: 'a', label: 'Coaching', numeric: true }, { key: 'b', label: 'Other interactions', numeric: true }, { key: 'd', label: 'Logged time', numeric: true }],
            rows: data.data.map((r) => ({ key: r.coach.id, cells: [r.coach.name, hours(r.coaching_minutes), hours(r.other_interaction_minutes), hours(r.activity_minutes)] })),
          }}>
          {(id) => <BarChart label="Hours per coach" describedBy={id} series={['Coaching', 'Other interactions', 'Logged time']} format={(n) => `${hours(n)} h`}
            rows={data.data.map((r) => ({ key: r.coach.id, label: r.coach.name, values: [r.coaching_minutes, r.other_interaction_minutes, r.activity_minutes], onDrill: drillCoach(r) }))} />}
        </ChartFrame>
      </div>
      <ReportTable title="Coaches" caption="The coaching team" columns={columns} rows={data.data} rowKey={(r) => r.coach.id}
        csv={csvHref('coaching-team', page.query, 'coaches')} sort={state.sort ?? 'name'} onSort={(sort) => page.change({ sort: sort === 'name' ? null : sort })} />
      <ReportTable title="Follow-through" caption="Action steps of each coach's caseload" columns={followColumns}
        rows={data.data} rowKey={(r) => r.coach.id}
        footer={(
          <p className="report-table__how text-sm muted">
            <strong>How this is counted:</strong> Action steps of the coach’s caseload due in the range (dropped steps left out): on time
            means done on or before the due day, overdue still open after it; the share is of the steps done or overdue. The Coaches CSV
            holds these columns too.
          </p>
        )} />
      <ReportTable title="Coaching requests" caption="Coaching requests per coach" columns={requestColumns}
        rows={data.data} rowKey={(r) => r.coach.id}
        footer={(
          <p className="report-table__how text-sm muted">
            <strong>How this is counted:</strong> Requests are those educators made in the range that reached the coach’s queue;
            educator-initiated interactions are the completed sessions that accepting one scheduled. The Coaches CSV holds these columns too.
          </p>
        )} />
    </>
  );
}

export default reportScreen('coaching-team', useCoachingTeamReport, Report, 5);
