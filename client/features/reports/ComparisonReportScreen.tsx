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
import { counted, decimal, int, percent, signed } from './format';
import { comparisonReady, csvHref } from './reportQuery';
import { type ReportPage, useReportPage } from './useReportPage';
import type { InteractionFilter } from '../../lib/interactions';

const COMPARE_LABELS: Record<CompareBy, string> = { building: 'Two schools', group: 'Two groups', coach: 'Two coaches', period: 'Two periods' };
const TWO_OF: Record<CompareBy, string> = { building: 'schools', group: 'groups', coach: 'coaches', period: 'periods (each with its first and last day)' };
const DIMENSION: Record<Exclude<CompareBy, 'period'>, 'building_id' | 'group_id' | 'coach_id'> = { building: 'building_id', group: 'group_id', coach: 'coach_id' };

const formatMeasure = (m: ComparisonMeasure, v: number | null) => (m.key === 'reached_share' ? percent(v) : m.key === 'minutes' ? `${decimal(v === null ? null : v / 60)} h` : m.key === 'average_interactions_per_educator' ? decimal(v) : int(v));
const formatDifference = (m: ComparisonMeasure) => signed(m.difference, (v) => (m.key === 'reached_share' ? `${Math.round(v * 100)} points` : m.key === 'minutes' ? `${decimal(v / 60)} h` : decimal(v)));

function Chooser({ page, options }: { page: ReportPage; options: FilterOptions }) {
  const { state } = page;
  const list = state.compare === 'period' ? [] : options[DIMENSION[state.compare]];
  const segment = (key: 'a' | 'b') => (
    <SelectField label={key === 'a' ? 'First' : 'Second'} name={key} value={state[key] ? String(state[key]) : ''} placeholder="Choose…"
      options={list} onChange={(v) => page.change({ [key]: v ? Number(v) : null })} />
  );
  const date = (key: 'a_from' | 'a_to' | 'b_from' | 'b_to', label: string) => (
    <TextField label={label} name={key} type="date" value={state[key] ?? ''} onChange={(v) => page.change({ [key]: v || null }, { replace: true })} />
  );
  return (
    <section className="card compare-chooser" aria-labelledby="compare-title">
      <h2 id="compare-title" className="card__title">What to compare</h2>
      <div className="compare-chooser__row">
        <SelectField label="Compare" name="compare" value={state.compare}
          options={COMPARE_BY.map((c) => ({ value: c, label: COMPARE_LABELS[c] }))}
          onChange={(v) => page.change({ compare: v as CompareBy, a: null, b: null })} />
        {state.compare === 'period' ? (
          <>
            <fieldset className="compare-chooser__period"><legend>First period</legend>{date('a_from', 'From')}{date('a_to', 'To')}</fieldset>
            <fieldset className="compare-chooser__period"><legend>Second period</legend>{date('b_from', 'From')}{date('b_to', 'To')}</fieldset>
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
  const drill = (which: 'a' | 'b') => () => setDrill({ kind: 'interactions', title: `Interactions: ${data.segments[which].label}`, filter: interactionFilter(data.range, segmentFilter(which)) });
  const interactions = data.measures.find((m) => m.key === 'interactions');
  const summary = interactions
    ? `${a.label}: ${counted(interactions.a, 'interaction', 'interactions')}; ${b.label}: ${int(interactions.b)}; ${formatDifference(interactions).words}.`
    : `${a.label} against ${b.label}.`;
  return (
    <>
      <div className="report-table-section">
        <div className="report-table-section__head">
          <h2 id="measures-title" className="report-table-section__title">Side by side</h2>
          <a className="btn btn--secondary btn--sm report-csv" href={csvHref('comparison', page.query, 'measures')} download><span className="btn__label">Download CSV<span className="sr-only">: Side by side</span></span></a>
        </div>
        <div className="table-wrap report-table-wrap" role="region" aria-labelledby="measures-title" tabIndex={0}>
          <table className="table report-table compare-table">
            <caption className="sr-only">{a.label} and {b.label} compared; the difference is the second minus the first.</caption>
            <thead>
              <tr>
                <th scope="col">Measure</th>
                <th scope="col" className="num">{a.label}</th>
                <th scope="col" className="num">{b.label}</th>
                <th scope="col" className="num">Difference</th>
              </tr>
            </thead>
            <tbody>
              {data.measures.map((m) => {
                const d = formatDifference(m);
                return (
                  <tr key={m.key}>
                    <th scope="row">{m.label}</th>
                    <td className="num">{m.key === 'interactions' ? <DrillCell value={formatMeasure(m, m.a)} label={`interactions of ${a.label}`} onDrill={drill('a')} /> : formatMeasure(m, m.a)}</td>
                    <td className="num">{m.key === 'interactions' ? <DrillCell value={formatMeasure(m, m.b)} label={`interactions of ${b.label}`} onDrill={drill('b')} /> : formatMeasure(m, m.b)}</td>
                    <td className="num compare-diff" data-direction={m.difference === null ? 'none' : m.difference > 0 ? 'up' : m.difference < 0 ? 'down' : 'same'}>
                      <span aria-hidden="true">{d.arrow} </span>{d.text}<span className="sr-only"> ({b.label} {d.words})</span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </div>
      <ChartFrame title="Compared" summary={summary}
        table={{
          caption: `${a.label} and ${b.label}`,
          columns: [{ key: 'm', label: 'Measure' }, { key: 'a', label: a.label, numeric: true }, { key: 'b', label: b.label, numeric: true }, { key: 'd', label: 'Difference', numeric: true }],
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
            <EmptyState title="Choose two to compare">
              <p>Pick what to compare above, then the two {TWO_OF[page.state.compare]}. The other filters apply to both.</p>
            </EmptyState>
          )}
          {ready && <ReportAnswer answer={answer} headlines={2}>{(data) => <Report page={page} data={data} />}</ReportAnswer>}
        </>
      )}
    </ReportLayout>
  );
}
