// /app/reports/comparison (plan feature advanced-reports) — two schools, groups, coaches or periods
// side by side: the same measures for each and the difference (b − a) as an arrow and a signed number,
// never colour alone. The choice of what to compare and the two segments are in the URL.
import { COMPARE_BY, type CompareBy } from '../../../common/reportValues';
import type { ComparisonMeasure, ComparisonReport } from '../../../common/schemas/reports';
import type { ScreenProps } from '../../app/routeTable';
import { EmptyState } from '../../components/EmptyState';
import { SelectField, TextField } from '../../components/Field';
import { useComparisonReport } from './api';
import { BarChart } from './charts/BarChart';
import { ChartFrame } from './charts/ChartFrame';
import { type FilterOptions, useFilterOptions } from './components/ReportFilterBar';
import { ReportLayout } from './components/ReportLayout';
import { AdvancedPlanNote, DrillCell, ReportAnswer } from './components/ReportParts';
import { countOf, decimal, int, percent, signed } from './format';
import { comparisonReady, csvHref } from './reportQuery';
import { type ReportPage, useReportPage } from './useReportPage';
import type { InteractionFilter } from '../../lib/interactions';
import { defineMessages, t } from '../../lib/i18n';
import { AfterFirstPaint } from '../../lib/paintFirst';

// `msg`, not `m`: the measures are `m` below.
const msg = defineMessages({
  twoSchools: { id: 'reports.compare.twoSchools', defaultMessage: 'Two schools' },
  twoGroups: { id: 'reports.compare.twoGroups', defaultMessage: 'Two groups' },
  twoCoaches: { id: 'reports.compare.twoCoaches', defaultMessage: 'Two coaches' },
  twoPeriods: { id: 'reports.compare.twoPeriods', defaultMessage: 'Two periods' },
  hoursValue: { id: 'reports.compare.hoursValue', defaultMessage: '{value} h' },
  points: { id: 'reports.compare.points', defaultMessage: '{value} points' },
  first: { id: 'reports.compare.first', defaultMessage: 'First' },
  second: { id: 'reports.compare.second', defaultMessage: 'Second' },
  choose: { id: 'reports.compare.choose', defaultMessage: 'Choose…' },
  whatTitle: { id: 'reports.compare.whatTitle', defaultMessage: 'What to compare' },
  compare: { id: 'reports.compare.compare', defaultMessage: 'Compare' },
  firstPeriod: { id: 'reports.compare.firstPeriod', defaultMessage: 'First period' },
  secondPeriod: { id: 'reports.compare.secondPeriod', defaultMessage: 'Second period' },
  from: { id: 'reports.compare.from', defaultMessage: 'From' },
  to: { id: 'reports.compare.to', defaultMessage: 'To' },
  drill: { id: 'reports.compare.drill', defaultMessage: 'Interactions: {label}' },
  summary: { id: 'reports.compare.summary', defaultMessage: '{a}: {count, plural, one {# interaction} other {# interactions}}; {b}: {countB}; {words}.' },
  summaryUnknown: { id: 'reports.compare.summaryUnknown', defaultMessage: '{a}: –; {b}: {countB}; {words}.' },
  against: { id: 'reports.compare.against', defaultMessage: '{a} against {b}.' },
  sideBySide: { id: 'reports.compare.sideBySide', defaultMessage: 'Side by side' },
  csv: { id: 'reports.compare.csv', defaultMessage: 'Download CSV' },
  csvTitle: { id: 'reports.compare.csvTitle', defaultMessage: ': Side by side' },
  caption: { id: 'reports.compare.caption', defaultMessage: '{a} and {b} compared; the difference is the second minus the first.' },
  measure: { id: 'reports.compare.measure', defaultMessage: 'Measure' },
  difference: { id: 'reports.compare.difference', defaultMessage: 'Difference' },
  interactionsOf: { id: 'reports.compare.interactionsOf', defaultMessage: 'interactions of {label}' },
  words: { id: 'reports.compare.words', defaultMessage: ' ({label} {words})' },
  compared: { id: 'reports.compare.compared', defaultMessage: 'Compared' },
  pair: { id: 'reports.compare.pair', defaultMessage: '{a} and {b}' },
  chooseTwo: { id: 'reports.compare.chooseTwo', defaultMessage: 'Choose two to compare' },
  pick: { id: 'reports.compare.pick', defaultMessage: 'Pick what to compare above, then the two {compare, select, building {schools} group {groups} coach {coaches} other {periods (each with its first and last day)}}. The other filters apply to both.' },
});
const COMPARE_LABELS: Record<CompareBy, typeof msg.twoSchools> = { building: msg.twoSchools, group: msg.twoGroups, coach: msg.twoCoaches, period: msg.twoPeriods };
const DIMENSION: Record<Exclude<CompareBy, 'period'>, 'building_id' | 'group_id' | 'coach_id'> = { building: 'building_id', group: 'group_id', coach: 'coach_id' };

const formatMeasure = (m: ComparisonMeasure, v: number | null) => (m.key === 'reached_share' ? percent(v) : m.key === 'minutes' ? t(msg.hoursValue, { value: decimal(v === null ? null : v / 60) }) : m.key === 'average_interactions_per_educator' ? decimal(v) : int(v));
const formatDifference = (m: ComparisonMeasure) => signed(m.difference, (v) => (m.key === 'reached_share' ? t(msg.points, { value: Math.round(v * 100) }) : m.key === 'minutes' ? t(msg.hoursValue, { value: decimal(v / 60) }) : decimal(v)));

function Chooser({ page, options }: { page: ReportPage; options: FilterOptions }) {
  const { state } = page;
  const list = state.compare === 'period' ? [] : options[DIMENSION[state.compare]];
  const segment = (key: 'a' | 'b') => (
    <SelectField label={t(key === 'a' ? msg.first : msg.second)} name={key} value={state[key] ? String(state[key]) : ''} placeholder={t(msg.choose)}
      options={list} onChange={(v) => page.change({ [key]: v ? Number(v) : null })} />
  );
  const date = (key: 'a_from' | 'a_to' | 'b_from' | 'b_to', label: string) => (
    <TextField label={label} name={key} type="date" value={state[key] ?? ''} onChange={(v) => page.change({ [key]: v || null }, { replace: true })} />
  );
  return (
    <section className="card compare-chooser" aria-labelledby="compare-title">
      <h2 id="compare-title" className="card__title">{t(msg.whatTitle)}</h2>
      <div className="compare-chooser__row">
        <SelectField label={t(msg.compare)} name="compare" value={state.compare}
          options={COMPARE_BY.map((c) => ({ value: c, label: t(COMPARE_LABELS[c]) }))}
          onChange={(v) => page.change({ compare: v as CompareBy, a: null, b: null })} />
        {state.compare === 'period' ? (
          <>
            <fieldset className="compare-chooser__period"><legend>{t(msg.firstPeriod)}</legend>{date('a_from', t(msg.from))}{date('a_to', t(msg.to))}</fieldset>
            <fieldset className="compare-chooser__period"><legend>{t(msg.secondPeriod)}</legend>{date('b_from', t(msg.from))}{date('b_to', t(msg.to))}</fieldset>
          </>
        ) : <>{segment('a')}{segment('b')}</>}
      </div>
    </section>
  );
}

function Report({ page, data }: { page: ReportPage; data: ComparisonReport }) {
  const { state, setDrill, interactionFilter } = page;
  const a = data.segments.a;
  const b = data.segments.b;
  const segmentFilter = (which: 'a' | 'b'): InteractionFilter => {
    const seg = data.segments[which];
    if (data.compare === 'period') return { from: seg.from, to: seg.to };
    const id = state[which]!;
    return { from: seg.from, to: seg.to, [DIMENSION[data.compare]]: [id] };
  };
  const drill = (which: 'a' | 'b') => () => setDrill({ kind: 'interactions', title: t(msg.drill, { label: data.segments[which].label }), filter: interactionFilter(data.range, segmentFilter(which)) });
  const interactions = data.measures.find((m) => m.key === 'interactions');
  const summary = interactions
    ? (interactions.a === null
      ? t(msg.summaryUnknown, { a: a.label, b: b.label, countB: int(interactions.b), words: formatDifference(interactions).words })
      : t(msg.summary, { a: a.label, count: countOf(interactions.a), b: b.label, countB: int(interactions.b), words: formatDifference(interactions).words }))
    : t(msg.against, { a: a.label, b: b.label });
  return (
    <>
      <div className="report-table-section">
        <div className="report-table-section__head">
          <h2 id="measures-title" className="report-table-section__title">{t(msg.sideBySide)}</h2>
          <a className="btn btn--secondary btn--sm report-csv" href={csvHref('comparison', page.query, 'measures')} download><span className="btn__label">{t(msg.csv)}<span className="sr-only">{t(msg.csvTitle)}</span></span></a>
        </div>
        <div className="table-wrap report-table-wrap" role="region" aria-labelledby="measures-title" tabIndex={0}>
          <table className="table report-table compare-table">
            <caption className="sr-only">{t(msg.caption, { a: a.label, b: b.label })}</caption>
            <thead>
              <tr>
                <th scope="col">{t(msg.measure)}</th>
                <th scope="col" className="num">{a.label}</th>
                <th scope="col" className="num">{b.label}</th>
                <th scope="col" className="num">{t(msg.difference)}</th>
              </tr>
            </thead>
            <tbody>
              {data.measures.map((m) => {
                const d = formatDifference(m);
                return (
                  <tr key={m.key}>
                    <th scope="row">{m.label}</th>
                    <td className="num">{m.key === 'interactions' ? <DrillCell value={formatMeasure(m, m.a)} label={t(msg.interactionsOf, { label: a.label })} onDrill={drill('a')} /> : formatMeasure(m, m.a)}</td>
                    <td className="num">{m.key === 'interactions' ? <DrillCell value={formatMeasure(m, m.b)} label={t(msg.interactionsOf, { label: b.label })} onDrill={drill('b')} /> : formatMeasure(m, m.b)}</td>
                    <td className="num compare-diff" data-direction={m.difference === null ? 'none' : m.difference > 0 ? 'up' : m.difference < 0 ? 'down' : 'same'}>
                      <span aria-hidden="true">{d.arrow} </span>{d.text}<span className="sr-only">{t(msg.words, { label: b.label, words: d.words })}</span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </div>
      {/* Under the side-by-side table: rendered a frame after it, so a phone paints the top first (issue 35). */}
      <AfterFirstPaint render={() => (
        <>
          <ChartFrame title={t(msg.compared)} summary={summary}
            table={{
              caption: t(msg.pair, { a: a.label, b: b.label }),
              columns: [{ key: 'm', label: t(msg.measure) }, { key: 'a', label: a.label, numeric: true }, { key: 'b', label: b.label, numeric: true }, { key: 'd', label: t(msg.difference), numeric: true }],
              rows: data.measures.map((m) => ({ key: m.key, cells: [m.label, formatMeasure(m, m.a), formatMeasure(m, m.b), `${formatDifference(m).arrow} ${formatDifference(m).text}`] })),
            }}>
            {(id) => (
              <div className="compare-charts" aria-describedby={id}>
                {data.measures.filter((m) => m.a !== null || m.b !== null).map((m) => (
                  <div key={m.key} className="compare-charts__item">
                    <p className="compare-charts__label">{m.label}</p>
                    <BarChart label={m.label} describedBy={id} series={[m.label]} format={(n) => formatMeasure(m, n)}
                      max={m.key === 'reached_share' ? 1 : undefined}
                      rows={[{ key: 'a', label: a.label, values: [m.a ?? 0] }, { key: 'b', label: b.label, values: [m.b ?? 0] }]} />
                  </div>
                ))}
              </div>
            )}
          </ChartFrame>
        </>
      )} />
    </>
  );
}

export default function ComparisonReportScreen({ route }: ScreenProps) {
  const page = useReportPage('comparison');
  const options = useFilterOptions();
  const ready = page.allowed && comparisonReady(page.state);
  const answer = useComparisonReport(ready ? page.query : null);
  const hide = page.state.compare === 'period' ? [] : [DIMENSION[page.state.compare]];
  return (
    <ReportLayout page={page} title={route.title} range={answer.data?.range} showFilters={page.allowed} hideFilters={hide}>
      {!page.allowed ? <AdvancedPlanNote report="comparison" /> : (
        <>
          <Chooser page={page} options={options} />
          {!ready && (
            <EmptyState title={t(msg.chooseTwo)}>
              <p>{t(msg.pick, { compare: page.state.compare })}</p>
            </EmptyState>
          )}
          {ready && <ReportAnswer answer={answer} headlines={2}>{(data) => <Report page={page} data={data} />}</ReportAnswer>}
        </>
      )}
    </ReportLayout>
  );
}
