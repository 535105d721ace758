// /app/reports — Reports: the Interactions report. Headline figures (interactions, hours, educators
// reached and their share of the roster), the trend per week or month, interactions by type and by
// school, tables by coach and by school; every figure opens the interactions behind it. Beside the coaching
// targets, follow-through (action steps done on time) and educator-initiated coaching (requests), with their tables.
import type { InteractionsReport, TrendInterval } from '../../../common/schemas/reports';
import { SelectField } from '../../components/Field';
import { formatDate } from '../../lib/format';
import { addDays, dayAsDate } from '../../lib/zonedTime';
import { useInteractionsReport } from './api';
import { BarChart } from './charts/BarChart';
import { ChartFrame } from './charts/ChartFrame';
import { TrendChart } from './charts/TrendChart';
import { REPORT_PATHS, reportScreen } from './components/ReportLayout';
import {
  type Column, DrillCell, Headline, NoInteractions, ReportTable, TargetsPanel,
} from './components/ReportParts';
import { FollowThroughHeadline, FollowThroughTables } from './components/FollowThrough';
import { counted, hours, int, percent } from './format';
import { csvHref, EMPTY_FILTERS, filtersOnlySearch, hasFilters } from './reportQuery';
import type { ReportPage } from './useReportPage';
import { hasFeature } from '../../../common/permissions';

/** The last day of the period starting `start`, clipped to the report's range. */
export function periodEnd(start: string, interval: TrendInterval, rangeTo: string): string {
  let end: string;
  if (interval === 'week') end = addDays(start, 6);
  else {
    const [y, m] = start.split('-').map(Number) as [number, number];
    end = addDays(`${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}-01`, -1);
  }
  return end > rangeTo ? rangeTo : end;
}

function Report({ page, data }: { page: ReportPage; data: InteractionsReport }) {
  const { setDrill, interactionFilter } = page;
  const range = data.range;
  const h = data.headline;
  const drillAll = (title: string, extra = {}) => setDrill({ kind: 'interactions', title, filter: interactionFilter(range, extra) });
  const interval = data.trend.interval;
  const points = data.trend.points.map((p) => {
    const start = p.period_start < range.from ? range.from : p.period_start;
    const end = periodEnd(p.period_start, interval, range.to);
    const long = interval === 'week' ? `Week of ${formatDate(dayAsDate(p.period_start), undefined, 'MMM d, yyyy')}` : formatDate(dayAsDate(p.period_start), undefined, 'MMMM yyyy');
    return {
      key: p.period_start, value: p.interactions, longLabel: long, point: p,
      label: formatDate(dayAsDate(p.period_start), undefined, interval === 'week' ? 'MMM d' : 'MMM'),
      onDrill: p.interactions > 0 ? () => drillAll(`Interactions: ${long}`, { from: start, to: end }) : undefined,
    };
  });
  const busiest = [...data.trend.points].sort((a, b) => b.interactions - a.interactions)[0];
  const filtered = hasFilters(page.state.filters);
  const advanced = hasFeature(page.user?.district?.features ?? [], 'advanced-reports');
  if (h.interactions === 0) {
    return <NoInteractions filtered={filtered} onClear={() => page.change({ filters: EMPTY_FILTERS })} />;
  }
  const csv = (table: string) => csvHref('interactions', page.query, table);
  const topType = data.by_type[0];
  const topSchool = [...data.by_school].sort((a, b) => b.interactions - a.interactions)[0];

  const coachColumns: Column<InteractionsReport['by_coach'][number]>[] = [
    { key: 'name', label: 'Coach', sortValue: (r) => r.name, render: (r) => r.name },
    { key: 'interactions', label: 'Interactions', numeric: true, sortValue: (r) => r.interactions,
      render: (r) => <DrillCell value={int(r.interactions)} label={`interactions of ${r.name}`} onDrill={() => drillAll(`Interactions of ${r.name}`, { coach_id: [r.id] })} /> },
    { key: 'hours', label: 'Hours', numeric: true, sortValue: (r) => r.minutes, render: (r) => hours(r.minutes) },
    { key: 'educators_reached', label: 'Educators reached', numeric: true, sortValue: (r) => r.educators_reached, render: (r) => int(r.educators_reached) },
    { key: 'educator_initiated', label: 'Educator-initiated', numeric: true, sortValue: (r) => r.educator_initiated, render: (r) => int(r.educator_initiated) },
  ];
  const schoolColumns: Column<InteractionsReport['by_school'][number]>[] = [
    { key: 'name', label: 'School', sortValue: (r) => r.name, render: (r) => r.name },
    { key: 'interactions', label: 'Interactions', numeric: true, sortValue: (r) => r.interactions,
      render: (r) => <DrillCell value={int(r.interactions)} label={`interactions at ${r.name}`} onDrill={r.id === null ? undefined : () => drillAll(`Interactions at ${r.name}`, { building_id: [r.id!] })} /> },
    { key: 'hours', label: 'Hours', numeric: true, sortValue: (r) => r.minutes, render: (r) => hours(r.minutes) },
    { key: 'educators_reached', label: 'Educators reached', numeric: true, sortValue: (r) => r.educators_reached, render: (r) => int(r.educators_reached) },
    { key: 'roster_size', label: 'Roster', numeric: true, sortValue: (r) => r.roster_size, render: (r) => int(r.roster_size) },
    { key: 'share', label: 'Share reached', numeric: true, sortValue: (r) => (r.roster_size ? r.educators_reached / r.roster_size : null), render: (r) => (r.roster_size ? percent(r.educators_reached / r.roster_size) : '–') },
  ];

  return (
    <>
      <Headline figures={[
        { key: 'interactions', label: 'Interactions', value: int(h.interactions), sub: 'completed', onDrill: () => drillAll('Completed interactions') },
        { key: 'hours', label: 'Hours', value: hours(h.minutes), sub: counted(h.minutes, 'minute', 'minutes') },
        { key: 'reached', label: 'Educators reached', value: int(h.educators_reached), sub: `of ${int(h.roster_size)} on the roster` },
        { key: 'share', label: 'Share of the roster reached', value: percent(h.reached_share) },
      ]} />
      <TargetsPanel progress={data.targets} educators={h.roster_size} advanced={advanced}
        teacherLevelHref={`${REPORT_PATHS['teacher-level']}${filtersOnlySearch(page.state.filters)}${filtersOnlySearch(page.state.filters) ? '&' : '?'}sort=interactions`} />
      <FollowThroughHeadline data={data} />
      <div className="report-charts report-charts--wide">
        <ChartFrame title={`Interactions per ${interval}`} csv={csv('trend')}
          summary={`${counted(h.interactions, 'completed interaction', 'completed interactions')} in ${interval === 'week' ? counted(points.length, 'week', 'weeks') : counted(points.length, 'month', 'months')}${busiest ? `; the busiest: ${points.find((p) => p.key === busiest.period_start)?.longLabel}, with ${int(busiest.interactions)}` : ''}.`}
          table={{
            caption: `Interactions per ${interval}`,
            columns: [{ key: 'p', label: interval === 'week' ? 'Week of' : 'Month' }, { key: 'i', label: 'Interactions', numeric: true }, { key: 'h', label: 'Hours', numeric: true }, { key: 'r', label: 'Educators reached', numeric: true }],
            rows: points.map((p) => ({ key: p.key, cells: [p.longLabel, int(p.point.interactions), hours(p.point.minutes), int(p.point.educators_reached)] })),
          }}>
          {(id) => (
            <>
              <div className="report-interval">
                <SelectField label="Show per" name="interval" value={interval}
                  options={[{ value: 'week', label: 'Week' }, { value: 'month', label: 'Month' }]}
                  onChange={(v) => page.change({ interval: v as TrendInterval })} />
              </div>
              <TrendChart points={points} unit="interactions" describedBy={id} label={`Interactions per ${interval}`} />
            </>
          )}
        </ChartFrame>
      </div>
      <div className="report-charts">
        <ChartFrame title="By interaction type" csv={csv('by_type')}
          summary={topType ? `${counted(data.by_type.length, 'type', 'types')}; the most frequent is ${topType.name} with ${counted(topType.interactions, 'interaction', 'interactions')} (${counted(topType.minutes / 60, 'hour', 'hours')}).` : 'No interactions.'}
          table={{
            caption: 'Interactions by type',
            columns: [{ key: 't', label: 'Type' }, { key: 'i', label: 'Interactions', numeric: true }, { key: 'h', label: 'Hours', numeric: true }],
            rows: data.by_type.map((t) => ({ key: t.id, cells: [t.name, <DrillCell key="i" value={int(t.interactions)} label={`${t.name} interactions`} onDrill={() => drillAll(`${t.name} interactions`, { interaction_type_id: [t.id] })} />, hours(t.minutes)] })),
          }}>
          {(id) => (
            <BarChart label="Interactions by type" describedBy={id} series={['Interactions']} format={(n) => int(n)}
              rows={data.by_type.map((t) => ({ key: t.id, label: t.name, values: [t.interactions], onDrill: () => drillAll(`${t.name} interactions`, { interaction_type_id: [t.id] }) }))} />
          )}
        </ChartFrame>
        <ChartFrame title="By school" csv={csv('by_school')}
          summary={topSchool ? `${counted(data.by_school.length, 'school', 'schools')}; ${topSchool.name} has the most, ${counted(topSchool.interactions, 'interaction', 'interactions')} reaching ${int(topSchool.educators_reached)} of ${counted(topSchool.roster_size, 'educator', 'educators')}.` : 'No interactions.'}
          table={{
            caption: 'Interactions by school',
            columns: [{ key: 's', label: 'School' }, { key: 'i', label: 'Interactions', numeric: true }, { key: 'r', label: 'Educators reached', numeric: true }, { key: 'n', label: 'Roster', numeric: true }],
            rows: data.by_school.map((s) => ({ key: s.id ?? 'none', cells: [s.name, int(s.interactions), int(s.educators_reached), int(s.roster_size)] })),
          }}>
          {(id) => (
            <BarChart label="Interactions by school" describedBy={id} series={['Interactions']} format={(n) => int(n)}
              rows={data.by_school.map((s) => ({ key: s.id ?? 'none', label: s.name, values: [s.interactions], onDrill: s.id === null ? undefined : () => drillAll(`Interactions at ${s.name}`, { building_id: [s.id!] }) }))} />
          )}
        </ChartFrame>
      </div>
      <ReportTable title="By coach" columns={coachColumns} rows={data.by_coach} rowKey={(r) => r.id} csv={csv('by_coach')} />
      <ReportTable title="Reach by school" caption="Interactions and reach by school" columns={schoolColumns} rows={data.by_school} rowKey={(r) => r.id ?? 'none'} csv={csv('by_school')}
        footer={(
          <p className="report-table__how text-sm muted">
            <strong>How this is counted:</strong> Interactions and hours count at the school where the interaction took place; one logged
            without a school counts at the schools its educators were at that day. Educators reached counts each school’s own educators,
            reached at any school.
          </p>
        )} />
      <FollowThroughTables data={data} csv={csv} />
    </>
  );
}

export default reportScreen('interactions', useInteractionsReport, Report);
