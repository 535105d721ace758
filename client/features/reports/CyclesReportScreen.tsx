// /app/reports/coaching-cycles — cycles overlapping the range: headline (cycles, active, completed,
// overdue now, completion rate, average days to complete), cycles by status, the stage funnel with
// average days against expected, goal attainment, and tables by coach and by school. Every figure
// opens the cycles behind it (GET /api/coaching-cycle with the same filters).
import type { CyclesReport } from '../../../common/schemas/reports';
import { cycleStatusLabel } from '../../components/CycleBadges';
import { EmptyState } from '../../components/EmptyState';
import { ButtonLink } from '../../components/Button';
import { useCyclesReport } from './api';
import { BarChart } from './charts/BarChart';
import { ChartFrame } from './charts/ChartFrame';
import { FunnelChart } from './charts/FunnelChart';
import { reportScreen } from './components/ReportLayout';
import { type Column, DrillCell, Headline, ReportTable, TargetsPanel } from './components/ReportParts';
import { countOf, decimal, int, percent } from './format';
import { csvHref, EMPTY_FILTERS, filtersOnlySearch, hasFilters } from './reportQuery';
import type { ReportPage } from './useReportPage';
import { hasFeature } from '../../../common/permissions';
import { defineMessages, type MessageDescriptor, t, tRich } from '../../lib/i18n';
import { AfterFirstPaint } from '../../lib/paintFirst';

type Row = CyclesReport['by_school'][number];

/**
 * How each figure is counted, shown beside it (issue 26): the same rules as server/features/reports/queries/cycles.ts.
 * Every figure counts the cycles that overlap the date range (started on or before its end, not closed before its start).
 */
const m = defineMessages({
  howCycles: { id: 'reports.cycles.howCycles', defaultMessage: 'Overlapping the date range, in any status' },
  howActive: { id: 'reports.cycles.howActive', defaultMessage: 'Of those, in progress today' },
  howCompleted: { id: 'reports.cycles.howCompleted', defaultMessage: 'Of those, marked complete' },
  howOverdue: { id: 'reports.cycles.howOverdue', defaultMessage: 'Open and longer in their stage than its expected days' },
  howDays: { id: 'reports.cycles.howDays', defaultMessage: 'From start to completion, completed cycles only' },
  completionSub: { id: 'reports.cycles.completionSub', defaultMessage: '{completed} completed of {cycles, plural, one {# cycle} other {# cycles}} in the range' },
  tableHow: { id: 'reports.cycles.tableHow', defaultMessage: '<b>How this is counted:</b> Cycles are every cycle {school, select, yes {of the school’s educators (a cycle with educators at two schools counts at both)} other {of the coach}} that overlaps the date range, in any status. Completion rate is Completed ÷ Cycles. Overdue now: open cycles longer in their stage than its expected days. Goals met: completed cycles whose goal was met.' },
  emptyTitle: { id: 'reports.cycles.emptyTitle', defaultMessage: 'No coaching cycles in this range' },
  clear: { id: 'reports.cycles.clear', defaultMessage: 'Clear filters' },
  goTo: { id: 'reports.cycles.goTo', defaultMessage: 'Go to coaching cycles' },
  emptyFiltered: { id: 'reports.cycles.emptyFiltered', defaultMessage: 'Nothing matches these filters. Choose a longer date range or fewer filters.' },
  emptyStart: { id: 'reports.cycles.emptyStart', defaultMessage: 'Start a coaching cycle from the Cycles tab of Coaching, or choose a longer date range.' },
  met: { id: 'reports.cycles.met', defaultMessage: 'Met' },
  partly: { id: 'reports.cycles.partly', defaultMessage: 'Partly met' },
  notMet: { id: 'reports.cycles.notMet', defaultMessage: 'Not met' },
  notRecorded: { id: 'reports.cycles.notRecorded', defaultMessage: 'Not recorded' },
  cyclesOf: { id: 'reports.cycles.cyclesOf', defaultMessage: 'coaching cycles of {name}' },
  cyclesDrill: { id: 'reports.cycles.cyclesDrill', defaultMessage: 'Coaching cycles: {name}' },
  activeOf: { id: 'reports.cycles.activeOf', defaultMessage: 'active cycles of {name}' },
  activeDrill: { id: 'reports.cycles.activeDrill', defaultMessage: 'Active cycles: {name}' },
  completedOf: { id: 'reports.cycles.completedOf', defaultMessage: 'completed cycles of {name}' },
  completedDrill: { id: 'reports.cycles.completedDrill', defaultMessage: 'Completed cycles: {name}' },
  overdueOf: { id: 'reports.cycles.overdueOf', defaultMessage: 'overdue cycles of {name}' },
  overdueDrill: { id: 'reports.cycles.overdueDrill', defaultMessage: 'Overdue cycles: {name}' },
  coach: { id: 'reports.cycles.coach', defaultMessage: 'Coach' },
  school: { id: 'reports.cycles.school', defaultMessage: 'School' },
  cycles: { id: 'reports.cycles.cycles', defaultMessage: 'Cycles' },
  active: { id: 'reports.cycles.active', defaultMessage: 'Active' },
  completed: { id: 'reports.cycles.completed', defaultMessage: 'Completed' },
  overdueNow: { id: 'reports.cycles.overdueNow', defaultMessage: 'Overdue now' },
  goalsMet: { id: 'reports.cycles.goalsMet', defaultMessage: 'Goals met' },
  rate: { id: 'reports.cycles.rate', defaultMessage: 'Completion rate' },
  averageDays: { id: 'reports.cycles.averageDays', defaultMessage: 'Average days to complete' },
  drillRange: { id: 'reports.cycles.drillRange', defaultMessage: 'Coaching cycles in the range' },
  drillActive: { id: 'reports.cycles.drillActive', defaultMessage: 'Active coaching cycles' },
  drillCompleted: { id: 'reports.cycles.drillCompleted', defaultMessage: 'Completed coaching cycles' },
  drillOverdue: { id: 'reports.cycles.drillOverdue', defaultMessage: 'Overdue coaching cycles' },
  funnel: { id: 'reports.cycles.funnel', defaultMessage: 'Stage funnel' },
  funnelSummary: { id: 'reports.cycles.funnelSummary', defaultMessage: '{stages, plural, one {# stage} other {# stages}}. {overdue, plural, one {# cycle is} other {# cycles are}} overdue in their stage.' },
  funnelSummarySlowest: { id: 'reports.cycles.funnelSummarySlowest', defaultMessage: '{stages, plural, one {# stage} other {# stages}}. {name} takes {days, plural, one {# day} other {# days}} on average against {expected} expected. {overdue, plural, one {# cycle is} other {# cycles are}} overdue in their stage.' },
  byStage: { id: 'reports.cycles.byStage', defaultMessage: 'Cycles by stage' },
  stage: { id: 'reports.cycles.stage', defaultMessage: 'Stage' },
  entered: { id: 'reports.cycles.entered', defaultMessage: 'Entered' },
  inItNow: { id: 'reports.cycles.inItNow', defaultMessage: 'In it now' },
  avgDays: { id: 'reports.cycles.avgDays', defaultMessage: 'Average days' },
  expectedDays: { id: 'reports.cycles.expectedDays', defaultMessage: 'Expected days' },
  overdue: { id: 'reports.cycles.overdue', defaultMessage: 'Overdue' },
  nowIn: { id: 'reports.cycles.nowIn', defaultMessage: 'cycles now in {name}' },
  nowInDrill: { id: 'reports.cycles.nowInDrill', defaultMessage: 'Cycles now in {name}' },
  detail: { id: 'reports.cycles.detail', defaultMessage: '{days, plural, one {# day} other {# days}} on average, {expected} expected' },
  detailNone: { id: 'reports.cycles.detailNone', defaultMessage: 'no days on average, {expected} expected' },
  detailOverdue: { id: 'reports.cycles.detailOverdue', defaultMessage: '{detail} · {overdue} overdue' },
  byStatus: { id: 'reports.cycles.byStatus', defaultMessage: 'By status' },
  byStatusCaption: { id: 'reports.cycles.byStatusCaption', defaultMessage: 'Cycles by status' },
  status: { id: 'reports.cycles.status', defaultMessage: 'Status' },
  statusDrill: { id: 'reports.cycles.statusDrill', defaultMessage: '{status} coaching cycles' },
  goals: { id: 'reports.cycles.goals', defaultMessage: 'Goal attainment' },
  goalsSummary: { id: 'reports.cycles.goalsSummary', defaultMessage: 'Of {count, plural, one {# completed cycle} other {# completed cycles}}: {list}.' },
  goalsCaption: { id: 'reports.cycles.goalsCaption', defaultMessage: 'Goal attainment of completed cycles' },
  outcome: { id: 'reports.cycles.outcome', defaultMessage: 'Outcome' },
  byCoachChart: { id: 'reports.cycles.byCoachChart', defaultMessage: 'Active and completed by coach' },
  byCoachSummary: { id: 'reports.cycles.byCoachSummary', defaultMessage: '{coaches, plural, one {# coach} other {# coaches}}; {active, plural, one {# active cycle} other {# active cycles}} and {completed, plural, one {# completed cycle} other {# completed cycles}} in all.' },
  byCoachCaption: { id: 'reports.cycles.byCoachCaption', defaultMessage: 'Active and completed cycles by coach' },
  cyclesOfCoach: { id: 'reports.cycles.cyclesOfCoach', defaultMessage: 'Coaching cycles of {name}' },
  byCoach: { id: 'reports.cycles.byCoach', defaultMessage: 'By coach' },
  byCoachTable: { id: 'reports.cycles.byCoachTable', defaultMessage: 'Coaching cycles by coach' },
  bySchool: { id: 'reports.cycles.bySchool', defaultMessage: 'By school' },
  bySchoolTable: { id: 'reports.cycles.bySchoolTable', defaultMessage: 'Coaching cycles by school' },
});

function TableDefinitions({ school = false }: { school?: boolean }) {
  return (
    <p className="report-table__how text-sm muted">
      {tRich(m.tableHow, { school: school ? 'yes' : 'no', b: (chunks) => <strong>{chunks}</strong> })}
    </p>
  );
}

/** A stage's line in the funnel: "2.5 days on average, 5 expected · 1 overdue". */
function funnelDetail(s: CyclesReport['funnel'][number]): string {
  const detail = s.average_days === null ? t(m.detailNone, { expected: String(s.expected_days) }) : t(m.detail, { days: countOf(s.average_days), expected: String(s.expected_days) });
  return s.overdue ? t(m.detailOverdue, { detail, overdue: String(s.overdue) }) : detail;
}

function Report({ page, data }: { page: ReportPage; data: CyclesReport }) {
  const { setDrill, cycleFilter } = page;
  const range = data.range;
  const h = data.headline;
  const drill = (title: string, extra = {}) => setDrill({ kind: 'cycles', title, filter: cycleFilter(range, extra) });
  if (h.cycles === 0) {
    const filtered = hasFilters(page.state.filters);
    return (
      <EmptyState title={t(m.emptyTitle)}
        action={filtered ? <button type="button" className="btn btn--secondary" onClick={() => page.change({ filters: EMPTY_FILTERS })}><span className="btn__label">{t(m.clear)}</span></button>
          : <ButtonLink to="/app/coaching?tab=cycles" variant="secondary">{t(m.goTo)}</ButtonLink>}>
        <p>{filtered ? t(m.emptyFiltered) : t(m.emptyStart)}</p>
      </EmptyState>
    );
  }
  const csv = (table: string) => csvHref('coaching-cycles', page.query, table);
  const o = data.outcomes;
  const outcomes = [
    { key: 'met', label: t(m.met), value: o.met },
    { key: 'partly', label: t(m.partly), value: o.partly_met },
    { key: 'not', label: t(m.notMet), value: o.not_met },
    { key: 'none', label: t(m.notRecorded), value: o.not_recorded },
  ];
  const columns = (who: 'coach' | 'school'): Column<Row>[] => {
    const filterOf = (r: { id: number | null }) => (who === 'coach' ? { coach_id: [r.id!] } : { building_id: [r.id!] });
    const cell = (r: Row, value: number, status: string[] | null, what: [MessageDescriptor, MessageDescriptor], due?: string[]) => (
      <DrillCell value={int(value)} label={t(what[0], { name: r.name })}
        onDrill={r.id === null ? undefined : () => drill(t(what[1], { name: r.name }), { ...filterOf(r), ...(status ? { status } : {}), ...(due ? { due } : {}) })} />
    );
    return [
      { key: 'name', label: who === 'coach' ? t(m.coach) : t(m.school), sortValue: (r) => r.name, render: (r) => r.name },
      { key: 'cycles', label: t(m.cycles), numeric: true, sortValue: (r) => r.cycles, render: (r) => cell(r, r.cycles, null, [m.cyclesOf, m.cyclesDrill]) },
      { key: 'active', label: t(m.active), numeric: true, sortValue: (r) => r.active, render: (r) => cell(r, r.active, ['active'], [m.activeOf, m.activeDrill]) },
      { key: 'completed', label: t(m.completed), numeric: true, sortValue: (r) => r.completed, render: (r) => cell(r, r.completed, ['completed'], [m.completedOf, m.completedDrill]) },
      { key: 'overdue', label: t(m.overdueNow), numeric: true, sortValue: (r) => r.overdue, render: (r) => cell(r, r.overdue, null, [m.overdueOf, m.overdueDrill], ['overdue']) },
      { key: 'met', label: t(m.goalsMet), numeric: true, sortValue: (r) => r.met, render: (r) => int(r.met) },
      { key: 'completion_rate', label: t(m.rate), numeric: true, sortValue: (r) => r.completion_rate, render: (r) => percent(r.completion_rate) },
    ];
  };
  const overdueInStage = data.funnel.reduce((a, s) => a + s.overdue, 0);
  const slowest = [...data.funnel].filter((s) => s.average_days !== null).sort((a, b) => (b.average_days! - b.expected_days) - (a.average_days! - a.expected_days))[0];
  const advanced = hasFeature(page.user?.district?.features ?? [], 'advanced-reports');
  return (
    <>
      <Headline figures={[
        { key: 'cycles', label: t(m.cycles), value: int(h.cycles), sub: t(m.howCycles), onDrill: () => drill(t(m.drillRange)) },
        { key: 'active', label: t(m.active), value: int(h.active), sub: t(m.howActive), onDrill: () => drill(t(m.drillActive), { status: ['active'] }) },
        { key: 'completed', label: t(m.completed), value: int(h.completed), sub: t(m.howCompleted), onDrill: () => drill(t(m.drillCompleted), { status: ['completed'] }) },
        { key: 'overdue', label: t(m.overdueNow), value: int(h.overdue), sub: t(m.howOverdue), onDrill: () => drill(t(m.drillOverdue), { due: ['overdue'] }) },
        { key: 'rate', label: t(m.rate), value: percent(h.completion_rate), sub: t(m.completionSub, { completed: int(h.completed), cycles: h.cycles }) },
        { key: 'days', label: t(m.averageDays), value: decimal(h.average_days_to_complete), sub: t(m.howDays) },
      ]} />
      <TargetsPanel progress={data.targets} advanced={advanced}
        teacherLevelHref={`/app/reports/teacher-level${filtersOnlySearch(page.state.filters)}${filtersOnlySearch(page.state.filters) ? '&' : '?'}sort=cycles_active`} />
      {/* Under the headline figures: rendered a frame after them, so a phone paints the top first (issue 35). */}
      <AfterFirstPaint render={() => (
        <>
          <div className="report-charts">
            <ChartFrame title={t(m.funnel)} csv={csv('funnel')}
              summary={slowest
                ? t(m.funnelSummarySlowest, { stages: data.funnel.length, name: slowest.name, days: countOf(slowest.average_days!), expected: String(slowest.expected_days), overdue: overdueInStage })
                : t(m.funnelSummary, { stages: data.funnel.length, overdue: overdueInStage })}
              table={{
                caption: t(m.byStage),
                columns: [{ key: 's', label: t(m.stage) }, { key: 'e', label: t(m.entered), numeric: true }, { key: 'n', label: t(m.inItNow), numeric: true }, { key: 'a', label: t(m.avgDays), numeric: true }, { key: 'x', label: t(m.expectedDays), numeric: true }, { key: 'o', label: t(m.overdue), numeric: true }],
                rows: data.funnel.map((s) => ({ key: s.stage_id, cells: [s.name, int(s.entered), <DrillCell key="n" value={int(s.now)} label={t(m.nowIn, { name: s.name })} onDrill={() => drill(t(m.nowInDrill, { name: s.name }), { stage_id: [s.stage_id], status: ['active'] })} />, decimal(s.average_days), int(s.expected_days), int(s.overdue)] })),
              }}>
              {(id) => (
                <FunnelChart label={t(m.byStage)} describedBy={id} stages={data.funnel.map((s) => ({
                  key: s.stage_id, label: s.name, entered: s.entered, now: s.now,
                  detail: funnelDetail(s),
                  onDrill: s.now > 0 ? () => drill(t(m.nowInDrill, { name: s.name }), { stage_id: [s.stage_id], status: ['active'] }) : undefined,
                }))} />
              )}
            </ChartFrame>
            <div className="stack">
              <ChartFrame title={t(m.byStatus)}
                summary={data.by_status.map((s) => `${cycleStatusLabel(s.status)} ${s.cycles}`).join(', ')}
                table={{
                  caption: t(m.byStatusCaption),
                  columns: [{ key: 's', label: t(m.status) }, { key: 'c', label: t(m.cycles), numeric: true }],
                  rows: data.by_status.map((s) => ({ key: s.status, cells: [cycleStatusLabel(s.status), int(s.cycles)] })),
                }}>
                {(id) => <BarChart label={t(m.byStatusCaption)} describedBy={id} series={[t(m.cycles)]} format={(n) => int(n)}
                  rows={data.by_status.map((s) => ({ key: s.status, label: cycleStatusLabel(s.status), values: [s.cycles], onDrill: s.cycles ? () => drill(t(m.statusDrill, { status: cycleStatusLabel(s.status) }), { status: [s.status] }) : undefined }))} />}
              </ChartFrame>
              <ChartFrame title={t(m.goals)}
                summary={t(m.goalsSummary, { count: h.completed, list: outcomes.map((x) => `${x.label.toLowerCase()} ${x.value}`).join(', ') })}
                table={{
                  caption: t(m.goalsCaption),
                  columns: [{ key: 'o', label: t(m.outcome) }, { key: 'c', label: t(m.cycles), numeric: true }],
                  rows: outcomes.map((x) => ({ key: x.key, cells: [x.label, int(x.value)] })),
                }}>
                {(id) => <BarChart label={t(m.goals)} describedBy={id} series={[t(m.cycles)]} format={(n) => int(n)} rows={outcomes.map((x) => ({ key: x.key, label: x.label, values: [x.value] }))} />}
              </ChartFrame>
            </div>
          </div>
          <ChartFrame title={t(m.byCoachChart)}
            summary={t(m.byCoachSummary, { coaches: data.by_coach.length, active: h.active, completed: h.completed })}
            table={{
              caption: t(m.byCoachCaption),
              columns: [{ key: 'c', label: t(m.coach) }, { key: 'a', label: t(m.active), numeric: true }, { key: 'd', label: t(m.completed), numeric: true }],
              rows: data.by_coach.map((r) => ({ key: r.id, cells: [r.name, int(r.active), int(r.completed)] })),
            }}>
            {(id) => <BarChart label={t(m.byCoachCaption)} describedBy={id} series={[t(m.active), t(m.completed)]} format={(n) => int(n)}
              rows={data.by_coach.map((r) => ({ key: r.id, label: r.name, values: [r.active, r.completed], onDrill: () => drill(t(m.cyclesOfCoach, { name: r.name }), { coach_id: [r.id] }) }))} />}
          </ChartFrame>
          {/* The tables a frame after the charts, a commit of their own (issue 35). */}
          <AfterFirstPaint render={() => (
            <>
              <ReportTable title={t(m.byCoach)} caption={t(m.byCoachTable)} columns={columns('coach')} rows={data.by_coach} rowKey={(r) => r.id!} csv={csv('by_coach')}
                footer={<TableDefinitions />} />
              <ReportTable title={t(m.bySchool)} caption={t(m.bySchoolTable)} columns={columns('school')} rows={data.by_school} rowKey={(r) => r.id ?? 'none'} csv={csv('by_school')}
                footer={<TableDefinitions school />} />
            </>
          )} />
        </>
      )} />
    </>
  );
}

export default reportScreen('coaching-cycles', useCyclesReport, Report, 6);
