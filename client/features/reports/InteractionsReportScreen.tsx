// /app/reports — Reports: the Interactions report. Headline figures (interactions, hours, educators
// reached and their share of the roster), the trend per week or month, interactions by type and by
// school, tables by coach and by school; every figure opens the interactions behind it. Beside the coaching
// targets, follow-through (action steps done on time) and educator-initiated coaching (requests), with their tables.
import type { InteractionsReport, TrendInterval } from '../../../common/schemas/reports';
import { SelectField } from '../../components/Field';
import { addDays } from '../../lib/zonedTime';
import { useInteractionsReport } from './api';
import { BarChart } from './charts/BarChart';
import { ChartFrame } from './charts/ChartFrame';
import { TrendChart } from './charts/TrendChart';
import { REPORT_PATHS, reportScreen } from './components/ReportLayout';
import {
  type Column, DrillCell, Headline, NoInteractions, ReportTable, TargetsPanel,
} from './components/ReportParts';
import { FollowThroughHeadline, FollowThroughTables } from './components/FollowThrough';
import { chartDay, countOf, hours, int, percent } from './format';
import { defineMessages, t, tRich } from '../../lib/i18n';
import { csvHref, EMPTY_FILTERS, filtersOnlySearch, hasFilters } from './reportQuery';
import type { ReportPage } from './useReportPage';
import { hasFeature } from '../../../common/permissions';
import { AfterFirstPaint } from '../../lib/paintFirst';

const m = defineMessages({
  weekOf: { id: 'reports.interactions.weekOf', defaultMessage: 'Week of {date}' },
  drillPeriod: { id: 'reports.interactions.drillPeriod', defaultMessage: 'Interactions: {period}' },
  coach: { id: 'reports.interactions.coach', defaultMessage: 'Coach' },
  interactions: { id: 'reports.interactions.interactions', defaultMessage: 'Interactions' },
  interactionsOf: { id: 'reports.interactions.interactionsOf', defaultMessage: 'interactions of {name}' },
  drillOf: { id: 'reports.interactions.drillOf', defaultMessage: 'Interactions of {name}' },
  hours: { id: 'reports.interactions.hours', defaultMessage: 'Hours' },
  reached: { id: 'reports.interactions.reached', defaultMessage: 'Educators reached' },
  initiated: { id: 'reports.interactions.initiated', defaultMessage: 'Educator-initiated' },
  school: { id: 'reports.interactions.school', defaultMessage: 'School' },
  interactionsAt: { id: 'reports.interactions.interactionsAt', defaultMessage: 'interactions at {name}' },
  drillAt: { id: 'reports.interactions.drillAt', defaultMessage: 'Interactions at {name}' },
  roster: { id: 'reports.interactions.roster', defaultMessage: 'Roster' },
  shareReached: { id: 'reports.interactions.shareReached', defaultMessage: 'Share reached' },
  completed: { id: 'reports.interactions.completed', defaultMessage: 'completed' },
  drillCompleted: { id: 'reports.interactions.drillCompleted', defaultMessage: 'Completed interactions' },
  minutes: { id: 'reports.interactions.minutes', defaultMessage: '{count, plural, one {# minute} other {# minutes}}' },
  ofRoster: { id: 'reports.interactions.ofRoster', defaultMessage: 'of {count} on the roster' },
  shareRoster: { id: 'reports.interactions.shareRoster', defaultMessage: 'Share of the roster reached' },
  perInterval: { id: 'reports.interactions.perInterval', defaultMessage: '{interval, select, week {Interactions per week} other {Interactions per month}}' },
  trendSummary: { id: 'reports.interactions.trendSummary', defaultMessage: '{count, plural, one {# completed interaction} other {# completed interactions}} in {interval, select, week {{periods, plural, one {# week} other {# weeks}}} other {{periods, plural, one {# month} other {# months}}}}.' },
  trendSummaryBusiest: { id: 'reports.interactions.trendSummaryBusiest', defaultMessage: '{count, plural, one {# completed interaction} other {# completed interactions}} in {interval, select, week {{periods, plural, one {# week} other {# weeks}}} other {{periods, plural, one {# month} other {# months}}}}; the busiest: {busiest}, with {most}.' },
  weekOfColumn: { id: 'reports.interactions.weekOfColumn', defaultMessage: 'Week of' },
  month: { id: 'reports.interactions.month', defaultMessage: 'Month' },
  showPer: { id: 'reports.interactions.showPer', defaultMessage: 'Show per' },
  week: { id: 'reports.interactions.week', defaultMessage: 'Week' },
  unit: { id: 'reports.interactions.unit', defaultMessage: 'interactions' },
  byType: { id: 'reports.interactions.byType', defaultMessage: 'By interaction type' },
  typeSummary: { id: 'reports.interactions.typeSummary', defaultMessage: '{types, plural, one {# type} other {# types}}; the most frequent is {name} with {count, plural, one {# interaction} other {# interactions}} ({hours, plural, one {# hour} other {# hours}}).' },
  none: { id: 'reports.interactions.none', defaultMessage: 'No interactions.' },
  byTypeCaption: { id: 'reports.interactions.byTypeCaption', defaultMessage: 'Interactions by type' },
  type: { id: 'reports.interactions.type', defaultMessage: 'Type' },
  typeInteractions: { id: 'reports.interactions.typeInteractions', defaultMessage: '{name} interactions' },
  bySchool: { id: 'reports.interactions.bySchool', defaultMessage: 'By school' },
  schoolSummary: { id: 'reports.interactions.schoolSummary', defaultMessage: '{schools, plural, one {# school} other {# schools}}; {name} has the most, {count, plural, one {# interaction} other {# interactions}} reaching {reached} of {roster, plural, one {# educator} other {# educators}}.' },
  bySchoolCaption: { id: 'reports.interactions.bySchoolCaption', defaultMessage: 'Interactions by school' },
  byCoach: { id: 'reports.interactions.byCoach', defaultMessage: 'By coach' },
  reach: { id: 'reports.interactions.reach', defaultMessage: 'Reach by school' },
  reachCaption: { id: 'reports.interactions.reachCaption', defaultMessage: 'Interactions and reach by school' },
  how: { id: 'reports.interactions.how', defaultMessage: '<b>How this is counted:</b> Interactions and hours count at the school where the interaction took place; one logged without a school counts at the schools its educators were at that day. Educators reached counts each school’s own educators, reached at any school.' },
});

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
    const long = interval === 'week' ? t(m.weekOf, { date: chartDay(p.period_start, 'date') }) : chartDay(p.period_start, 'monthYear');
    return {
      key: p.period_start, value: p.interactions, longLabel: long, point: p,
      label: chartDay(p.period_start, interval === 'week' ? 'day' : 'month'),
      onDrill: p.interactions > 0 ? () => drillAll(t(m.drillPeriod, { period: long }), { from: start, to: end }) : undefined,
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
    { key: 'name', label: t(m.coach), sortValue: (r) => r.name, render: (r) => r.name },
    { key: 'interactions', label: t(m.interactions), numeric: true, sortValue: (r) => r.interactions,
      render: (r) => <DrillCell value={int(r.interactions)} label={t(m.interactionsOf, { name: r.name })} onDrill={() => drillAll(t(m.drillOf, { name: r.name }), { coach_id: [r.id] })} /> },
    { key: 'hours', label: t(m.hours), numeric: true, sortValue: (r) => r.minutes, render: (r) => hours(r.minutes) },
    { key: 'educators_reached', label: t(m.reached), numeric: true, sortValue: (r) => r.educators_reached, render: (r) => int(r.educators_reached) },
    { key: 'educator_initiated', label: t(m.initiated), numeric: true, sortValue: (r) => r.educator_initiated, render: (r) => int(r.educator_initiated) },
  ];
  const schoolColumns: Column<InteractionsReport['by_school'][number]>[] = [
    { key: 'name', label: t(m.school), sortValue: (r) => r.name, render: (r) => r.name },
    { key: 'interactions', label: t(m.interactions), numeric: true, sortValue: (r) => r.interactions,
      render: (r) => <DrillCell value={int(r.interactions)} label={t(m.interactionsAt, { name: r.name })} onDrill={r.id === null ? undefined : () => drillAll(t(m.drillAt, { name: r.name }), { building_id: [r.id!] })} /> },
    { key: 'hours', label: t(m.hours), numeric: true, sortValue: (r) => r.minutes, render: (r) => hours(r.minutes) },
    { key: 'educators_reached', label: t(m.reached), numeric: true, sortValue: (r) => r.educators_reached, render: (r) => int(r.educators_reached) },
    { key: 'roster_size', label: t(m.roster), numeric: true, sortValue: (r) => r.roster_size, render: (r) => int(r.roster_size) },
    { key: 'share', label: t(m.shareReached), numeric: true, sortValue: (r) => (r.roster_size ? r.educators_reached / r.roster_size : null), render: (r) => (r.roster_size ? percent(r.educators_reached / r.roster_size) : '–') },
  ];

  return (
    <>
      <Headline figures={[
        { key: 'interactions', label: t(m.interactions), value: int(h.interactions), sub: t(m.completed), onDrill: () => drillAll(t(m.drillCompleted)) },
        { key: 'hours', label: t(m.hours), value: hours(h.minutes), sub: t(m.minutes, { count: countOf(h.minutes) }) },
        { key: 'reached', label: t(m.reached), value: int(h.educators_reached), sub: t(m.ofRoster, { count: int(h.roster_size) }) },
        { key: 'share', label: t(m.shareRoster), value: percent(h.reached_share) },
      ]} />
      <TargetsPanel progress={data.targets} educators={h.roster_size} advanced={advanced}
        teacherLevelHref={`${REPORT_PATHS['teacher-level']}${filtersOnlySearch(page.state.filters)}${filtersOnlySearch(page.state.filters) ? '&' : '?'}sort=interactions`} />
      <FollowThroughHeadline data={data} />
      {/* Under the headline figures: rendered a frame after them, so a phone paints the top first (issue 35). */}
      <AfterFirstPaint render={() => (
        <>
          <div className="report-charts report-charts--wide">
            <ChartFrame title={t(m.perInterval, { interval })} csv={csv('trend')}
              summary={busiest
                ? t(m.trendSummaryBusiest, { count: h.interactions, interval, periods: points.length, busiest: points.find((p) => p.key === busiest.period_start)?.longLabel ?? '', most: int(busiest.interactions) })
                : t(m.trendSummary, { count: h.interactions, interval, periods: points.length })}
              table={{
                caption: t(m.perInterval, { interval }),
                columns: [{ key: 'p', label: t(interval === 'week' ? m.weekOfColumn : m.month) }, { key: 'i', label: t(m.interactions), numeric: true }, { key: 'h', label: t(m.hours), numeric: true }, { key: 'r', label: t(m.reached), numeric: true }],
                rows: points.map((p) => ({ key: p.key, cells: [p.longLabel, int(p.point.interactions), hours(p.point.minutes), int(p.point.educators_reached)] })),
              }}>
              {(id) => (
                <>
                  <div className="report-interval">
                    <SelectField label={t(m.showPer)} name="interval" value={interval}
                      options={[{ value: 'week', label: t(m.week) }, { value: 'month', label: t(m.month) }]}
                      onChange={(v) => page.change({ interval: v as TrendInterval })} />
                  </div>
                  <TrendChart points={points} unit={t(m.unit)} describedBy={id} label={t(m.perInterval, { interval })} />
                </>
              )}
            </ChartFrame>
          </div>
          <div className="report-charts">
            <ChartFrame title={t(m.byType)} csv={csv('by_type')}
              summary={topType ? t(m.typeSummary, { types: data.by_type.length, name: topType.name, count: topType.interactions, hours: countOf(topType.minutes / 60) }) : t(m.none)}
              table={{
                caption: t(m.byTypeCaption),
                columns: [{ key: 't', label: t(m.type) }, { key: 'i', label: t(m.interactions), numeric: true }, { key: 'h', label: t(m.hours), numeric: true }],
                rows: data.by_type.map((x) => ({ key: x.id, cells: [x.name, <DrillCell key="i" value={int(x.interactions)} label={t(m.typeInteractions, { name: x.name })} onDrill={() => drillAll(t(m.typeInteractions, { name: x.name }), { interaction_type_id: [x.id] })} />, hours(x.minutes)] })),
              }}>
              {(id) => (
                <BarChart label={t(m.byTypeCaption)} describedBy={id} series={[t(m.interactions)]} format={(n) => int(n)}
                  rows={data.by_type.map((x) => ({ key: x.id, label: x.name, values: [x.interactions], onDrill: () => drillAll(t(m.typeInteractions, { name: x.name }), { interaction_type_id: [x.id] }) }))} />
              )}
            </ChartFrame>
            <ChartFrame title={t(m.bySchool)} csv={csv('by_school')}
              summary={topSchool ? t(m.schoolSummary, { schools: data.by_school.length, name: topSchool.name, count: topSchool.interactions, reached: int(topSchool.educators_reached), roster: topSchool.roster_size }) : t(m.none)}
              table={{
                caption: t(m.bySchoolCaption),
                columns: [{ key: 's', label: t(m.school) }, { key: 'i', label: t(m.interactions), numeric: true }, { key: 'r', label: t(m.reached), numeric: true }, { key: 'n', label: t(m.roster), numeric: true }],
                rows: data.by_school.map((s) => ({ key: s.id ?? 'none', cells: [s.name, int(s.interactions), int(s.educators_reached), int(s.roster_size)] })),
              }}>
              {(id) => (
                <BarChart label={t(m.bySchoolCaption)} describedBy={id} series={[t(m.interactions)]} format={(n) => int(n)}
                  rows={data.by_school.map((s) => ({ key: s.id ?? 'none', label: s.name, values: [s.interactions], onDrill: s.id === null ? undefined : () => drillAll(t(m.drillAt, { name: s.name }), { building_id: [s.id!] }) }))} />
              )}
            </ChartFrame>
          </div>
          {/* The tables a frame after the charts, a commit of their own (issue 35: on a phone, one commit of everything
              was a task of 200 ms at Lighthouse's 4x slower CPU). */}
          <AfterFirstPaint render={() => (
            <>
              <ReportTable title={t(m.byCoach)} columns={coachColumns} rows={data.by_coach} rowKey={(r) => r.id} csv={csv('by_coach')} />
              <ReportTable title={t(m.reach)} caption={t(m.reachCaption)} columns={schoolColumns} rows={data.by_school} rowKey={(r) => r.id ?? 'none'} csv={csv('by_school')}
                footer={(
                  <p className="report-table__how text-sm muted">
                    {tRich(m.how, { b: (chunks) => <strong>{chunks}</strong> })}
                  </p>
                )} />
              <FollowThroughTables data={data} csv={csv} />
            </>
          )} />
        </>
      )} />
    </>
  );
}

export default reportScreen('interactions', useInteractionsReport, Report);
