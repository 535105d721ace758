// Every chart sits in this frame: a <figure> with its heading, a visible text summary as the
// <figcaption> (the chart points at it with aria-describedby), and a "Show as table" toggle that swaps
// the chart for a table of the same numbers. Charts are our own SVG (see docs/reference/reports.md: bundle size and
// accessibility), each mark labelled in text, never colour alone.
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/Button';
import { defineMessages, t, tRich } from '../../../lib/i18n';

const m = defineMessages({
  showChart: { id: 'reports.chart.showChart', defaultMessage: 'Show as chart<sr>: {title}</sr>' },
  showTable: { id: 'reports.chart.showTable', defaultMessage: 'Show as table<sr>: {title}</sr>' },
  csv: { id: 'reports.chart.csv', defaultMessage: 'Download CSV<sr>: {title}</sr>' },
  asTable: { id: 'reports.chart.asTable', defaultMessage: '{title} as a table' },
});
const srOnly = (chunks: ReactNode[]) => <span className="sr-only">{chunks}</span>;

export interface AltTable {
  caption: string;
  columns: { key: string; label: string; numeric?: boolean }[];
  rows: { key: string | number; cells: ReactNode[] }[];
}

export function ChartFrame({ title, summary, table, children, className, csv }: {
  title: string;
  /** The CSV export of the same numbers. */
  csv?: string;
  /** One or two sentences a screen reader (and everyone) reads: the figures that matter. */
  summary: string;
  table: AltTable;
  /** Renders the chart, given the id of the summary for aria-describedby. */
  children: (summaryId: string) => ReactNode;
  className?: string;
}) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const summaryId = useId();
  return (
    <figure className={['chart', className].filter(Boolean).join(' ')} aria-labelledby={titleId}>
      <div className="chart__head">
        <h2 id={titleId} className="chart__title">{title}</h2>
        <div className="chart__tools">
          <Button variant="ghost" size="sm" className="chart__toggle" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
            {tRich(asTable ? m.showChart : m.showTable, { title, sr: srOnly })}
          </Button>
          {csv && <a className="btn btn--ghost btn--sm report-csv" href={csv} download><span className="btn__label">{tRich(m.csv, { title, sr: srOnly })}</span></a>}
        </div>
      </div>
      {asTable ? (
        <div className="table-wrap report-table-wrap" role="region" aria-label={t(m.asTable, { title })} tabIndex={0}>
          <table className="table report-table">
            <caption className="sr-only">{table.caption}</caption>
            <thead>
              <tr>{table.columns.map((c) => <th key={c.key} scope="col" className={c.numeric ? 'num' : undefined}>{c.label}</th>)}</tr>
            </thead>
            <tbody>
              {table.rows.map((r) => (
                <tr key={r.key}>
                  {r.cells.map((cell, i) => (i === 0
                    ? <th key={i} scope="row">{cell}</th>
                    : <td key={i} className={table.columns[i]?.numeric ? 'num' : undefined}>{cell}</td>))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="chart__plot">{children(summaryId)}</div>
      )}
      <figcaption id={summaryId} className="chart__summary">{summary}</figcaption>
    </figure>
  );
}

/** The legend of a chart with several series: swatch (colour and pattern) and name. */
export function Legend({ series }: { series: string[] }) {
  if (series.length < 2) return null;
  return (
    <ul className="chart-legend">
      {series.map((s, i) => (
        <li key={s}>
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
            <SeriesPattern index={i} id={`legend-${i}`} />
            <rect width="14" height="14" rx="2" fill={`url(#legend-${i})`} className={`chart-s${i}`} />
          </svg>
          {s}
        </li>
      ))}
    </ul>
  );
}

/**
 * The fill of series i: series 0 plain, 1 diagonal stripes, 2 dots, 3 cross-hatch, so a series is told
 * apart without its colour (print in black and white, colour blindness).
 */
export function SeriesPattern({ index, id }: { index: number; id: string }) {
  const kind = index % 4;
  return (
    <defs>
      <pattern id={id} patternUnits="userSpaceOnUse" width="6" height="6" patternTransform={kind === 1 ? 'rotate(45)' : undefined}>
        <rect width="6" height="6" className={`chart-fill-${index % 6}`} />
        {kind === 1 && <rect width="2" height="6" className="chart-pattern-ink" />}
        {kind === 2 && <circle cx="3" cy="3" r="1.2" className="chart-pattern-ink" />}
        {kind === 3 && <path d="M0 3h6M3 0v6" strokeWidth="1.2" className="chart-pattern-stroke" />}
      </pattern>
    </defs>
  );
}
