// /app/reports/coaching-cycles — cycles overlapping the range: headline (cycles, active, completed,
// overdue now, completion rate, average days to complete), cycles by status, the stage funnel with
// average days against expected, goal attainment, and tables by coach and by school. Every figure
// opens the cycles behind it (GET /api/coaching-cycle with the same filters).
import { CYCLE_STATUS_LABELS } from '../../../common/cycleValues';
import type { CyclesReport } from '../../../common/schemas/reports';
import { EmptyState } from '../../components/EmptyState';
import { ButtonLink } from '../../components/Button';
import { useCyclesReport } from './api';
import { BarChart } from './charts/BarChart';
import { ChartFrame } from './charts/ChartFrame';
import { FunnelChart } from './charts/FunnelChart';
import { reportScreen } from './components/ReportLayout';
import { type Column, DrillCell, Headline, ReportTable, TargetsPanel } from './components/ReportParts';
import { counted, decimal, int, percent } from './format';
import { csvHref, EMPTY_FILTERS, filtersOnlySearch, hasFilters } from './reportQuery';
import type { ReportPage } from './useReportPage';
import { hasFeature } from '../../../common/permissions';
import { plural } from '../../../common/plural';

type Row = CyclesReport['by_school'][number];

/**
 * How each figure is counted, shown beside it (issue 26): the same rules as server/features/reports/queries/cycles.ts.
 * Every figure counts the cycles that overlap the date range (started on or before its end, not closed before its start).
 */
const HOW_COUNTED = {
  cycles: 'Overlapping the date range, in any status',
  active: 'Of those, in progress today',
  completed: 'Of those, marked complete',
  overdue: 'Open and longer in their stage than its expected days',
  days: 'From start to completion, completed cycles only',
} as const;

const completionSub = (completed: number, cycles: number) => `${int(completed)} completed of ${plural(cycles, 'cycle', 'cycles')} in the range`;

function TableDefinitions({ school = false }: { school?: boolean }) {
  return (
    <p className="report-table__how text-sm muted">
      <strong>How this is counted:</strong> Cycles are every cycle {school ? 'of the school’s educators (a cycle with educators at two schools counts at both)' : 'of the coach'} that
      overlaps the date range, in any status. Completion rate is Completed ÷ Cycles. Overdue now: open cycles longer in their stage
      than its expected days. Goals met: completed cycles whose goal was met.
    </p>
  );
}

function Report({ page, data }: { page: ReportPage; data: CyclesReport }) {
  const { setDrill, cycleFilter } = page;
  const range = data.range;
  const h = data.headline;
  const drill = (title: string, extra = {}) => setDrill({ kind: 'cycles', title, filter: cycleFilter(range, extra) });
  if (h.cycles === 0) {
    const filtered = hasFilters(page.state.filters);
    return (
      <EmptyState title="No coaching cycles in this range"
        action={filtered ? <button type="button" className="btn btn--secondary" onClick={() => page.change({ filters: EMPTY_FILTERS })}><span className="btn__label">Clear filters</span></button>
          : <ButtonLink to="/app/coaching?tab=cycles" variant="secondary">Go to coaching cycles</ButtonLink>}>
        <p>{filtered ? 'Nothing matches these filters. Choose a longer date range or fewer filters.' : 'Start a coaching cycle from the Cycles tab of Coaching, or choose a longer date range.'}</p>
      </EmptyState>
    );
  }
  const csv = (table: string) => csvHref('coaching-cycles', page.query, table);
  const o = data.outcomes;
  const outcomes = [
    { key: 'met', label: 'Met', value: o.met },
    { key: 'partly', label: 'Partly met', value: o.partly_met },
    { key: 'not', label: 'Not met', value: o.not_met },
    { key: 'none', label: 'Not recorded', value: o.not_recorded },
  ];
  const columns = (who: 'coach' | 'school'): Column<Row>[] => {
    const filterOf = (r: { id: number | null }) => (who === 'coach' ? { coach_id: [r.id!] } : { building_id: [r.id!] });
    const cell = (r: Row, value: number, status: string[] | null, what: string, due?: string[]) => (
      <DrillCell value={int(value)} label={`${what} of ${r.name}`}
        onDrill={r.id === null ? undefined : () => drill(`${what[0]!.toUpperCase()}${what.slice(1)}: ${r.name}`, { ...filterOf(r), ...(status ? { status } : {}), ...(due ? { due } : {}) })} />
    );
    return [
      { key: 'name', label: who === 'coach' ? 'Coach' : 'School', sortValue: (r) => r.name, render: (r) => r.name },
      { key: 'cycles', label: 'Cycles', numeric: true, sortValue: (r) => r.cycles, render: (r) => cell(r, r.cycles, null, 'coaching cycles') },
      { key: 'active', label: 'Active', numeric: true, sortValue: (r) => r.active, render: (r) => cell(r, r.active, ['active'], 'active cycles') },
      { key: 'completed', label: 'Completed', numeric: true, sortValue: (r) => r.completed, render: (r) => cell(r, r.completed, ['completed'], 'completed cycles') },
      { key: 'overdue', label: 'Overdue now', numeric: true, sortValue: (r) => r.overdue, render: (r) => cell(r, r.overdue, null, 'overdue cycles', ['overdue']) },
      { key: 'met', label: 'Goals met', numeric: true, sortValue: (r) => r.met, render: (r) => int(r.met) },
      { key: 'completion_rate', label: 'Completion rate', numeric: true, sortValue: (r) => r.completion_rate, render: (r) => percent(r.completion_rate) },
    ];
  };
  const overdueInStage = data.funnel.reduce((a, s) => a + s.overdue, 0);
  const slowest = [...data.funnel].filter((s) => s.average_days !== null).sort((a, b) => (b.average_days! - b.expected_days) - (a.average_days! - a.expected_days))[0];
  const advanced = hasFeature(page.user?.district?.features ?? [], 'advanced-reports');
  return (
    <>
      <Headline figures={[
        { key: 'cycles', label: 'Cycles', value: int(h.cycles), sub: HOW_COUNTED.cycles, onDrill: () => drill('Coaching cycles in the range') },
        { key: 'active', label: 'Active', value: int(h.active), sub: HOW_COUNTED.active, onDrill: () => drill('Active coaching cycles', { status: ['active'] }) },
        { key: 'completed', label: 'Completed', value: int(h.completed), sub: HOW_COUNTED.completed, onDrill: () => drill('Completed coaching cycles', { status: ['completed'] }) },
        { key: 'overdue', label: 'Overdue now', value: int(h.overdue), sub: HOW_COUNTED.overdue, onDrill: () => drill('Overdue coaching cycles', { due: ['overdue'] }) },
        { key: 'rate', label: 'Completion rate', value: percent(h.completion_rate), sub: completionSub(h.completed, h.cycles) },
        { key: 'days', label: 'Average days to complete', value: decimal(h.average_days_to_complete), sub: HOW_COUNTED.days },
      ]} />
      <TargetsPanel progress={data.targets} advanced={advanced}
        teacherLevelHref={`/app/reports/teacher-level${filtersOnlySearch(page.state.filters)}${filtersOnlySearch(page.state.filters) ? '&' : '?'}sort=cycles_active`} />
      <div className="report-charts">
        <ChartFrame title="Stage funnel" csv={csv('funnel')}
          summary={`${counted(data.funnel.length, 'stage', 'stages')}.${slowest ? ` ${slowest.name} takes ${counted(slowest.average_days, 'day', 'days')} on average against ${slowest.expected_days} expected.` : ''} ${counted(overdueInStage, 'cycle is', 'cycles are')} overdue in their stage.`}
          table={{
            caption: 'Cycles by stage',
            columns: [{ key: 's', label: 'Stage' }, { key: 'e', label: 'Entered', numeric: true }, { key: 'n', label: 'In it now', numeric: true }, { key: 'a', label: 'Average days', numeric: true }, { key: 'x', label: 'Expected days', numeric: true }, { key: 'o', label: 'Overdue', numeric: true }],
            rows: data.funnel.map((s) => ({ key: s.stage_id, cells: [s.name, int(s.entered), <DrillCell key="n" value={int(s.now)} label={`cycles now in ${s.name}`} onDrill={() => drill(`Cycles now in ${s.name}`, { stage_id: [s.stage_id], status: ['active'] })} />, decimal(s.average_days), int(s.expected_days), int(s.overdue)] })),
          }}>
          {(id) => (
            <FunnelChart label="Cycles by stage" describedBy={id} stages={data.funnel.map((s) => ({
              key: s.stage_id, label: s.name, entered: s.entered, now: s.now,
              detail: `${s.average_days === null ? 'no days' : counted(s.average_days, 'day', 'days')} on average, ${s.expected_days} expected${s.overdue ? ` · ${s.overdue} overdue` : ''}`,
              onDrill: s.now > 0 ? () => drill(`Cycles now in ${s.name}`, { stage_id: [s.stage_id], status: ['active'] }) : undefined,
            }))} />
          )}
        </ChartFrame>
        <div className="stack">
          <ChartFrame title="By status"
            summary={data.by_status.map((s) => `${CYCLE_STATUS_LABELS[s.status]} ${s.cycles}`).join(', ')}
            table={{
              caption: 'Cycles by status',
              columns: [{ key: 's', label: 'Status' }, { key: 'c', label: 'Cycles', numeric: true }],
              rows: data.by_status.map((s) => ({ key: s.status, cells: [CYCLE_STATUS_LABELS[s.status], int(s.cycles)] })),
            }}>
            {(id) => <BarChart label="Cycles by status" describedBy={id} series={['Cycles']} format={(n) => int(n)}
              rows={data.by_status.map((s) => ({ key: s.status, label: CYCLE_STATUS_LABELS[s.status], values: [s.cycles], onDrill: s.cycles ? () => drill(`${CYCLE_STATUS_LABELS[s.status]} coaching cycles`, { status: [s.status] }) : undefined }))} />}
          </ChartFrame>
          <ChartFrame title="Goal attainment"
            summary={`Of ${counted(h.completed, 'completed cycle', 'completed cycles')}: ${outcomes.map((x) => `${x.label.toLowerCase()} ${x.value}`).join(', ')}.`}
            table={{
              caption: 'Goal attainment of completed cycles',
              columns: [{ key: 'o', label: 'Outcome' }, { key: 'c', label: 'Cycles', numeric: true }],
              rows: outcomes.map((x) => ({ key: x.key, cells: [x.label, int(x.value)] })),
            }}>
            {(id) => <BarChart label="Goal attainment" describedBy={id} series={['Cycles']} format={(n) => int(n)} rows={outcomes.map((x) => ({ key: x.key, label: x.label, values: [x.value] }))} />}
          </ChartFrame>
        </div>
      </div>
      <ChartFrame title="Active and completed by coach"
        summary={`${counted(data.by_coach.length, 'coach', 'coaches')}; ${counted(h.active, 'active cycle', 'active cycles')} and ${counted(h.completed, 'completed cycle', 'completed cycles')} in all.`}
        table={{
          caption: 'Active and completed cycles by coach',
          columns: [{ key: 'c', label: 'Coach' }, { key: 'a', label: 'Active', numeric: true }, { key: 'd', label: 'Completed', numeric: true }],
          rows: data.by_coach.map((r) => ({ key: r.id, cells: [r.name, int(r.active), int(r.completed)] })),
        }}>
        {(id) => <BarChart label="Active and completed cycles by coach" describedBy={id} series={['Active', 'Completed']} format={(n) => int(n)}
          rows={data.by_coach.map((r) => ({ key: r.id, label: r.name, values: [r.active, r.completed], onDrill: () => drill(`Coaching cycles of ${r.name}`, { coach_id: [r.id] }) }))} />}
      </ChartFrame>
      <ReportTable title="By coach" caption="Coaching cycles by coach" columns={columns('coach')} rows={data.by_coach} rowKey={(r) => r.id!} csv={csv('by_coach')}
        footer={<TableDefinitions />} />
      <ReportTable title="By school" caption="Coaching cycles by school" columns={columns('school')} rows={data.by_school} rowKey={(r) => r.id ?? 'none'} csv={csv('by_school')}
        footer={<TableDefinitions school />} />
    </>
  );
}

export default reportScreen('coaching-cycles', useCyclesReport, Report, 6);
