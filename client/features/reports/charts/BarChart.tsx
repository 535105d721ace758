// Horizontal bars, one series or stacked: one row per item (its name, the bar, the figures in words).
// A row that leads somewhere is a button (drill-down); the bar itself is decorative SVG.
import { useId } from 'react';
import { Legend, SeriesPattern } from './ChartFrame';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  seriesValue: { id: 'reports.chart.seriesValue', defaultMessage: '{series} {value}' },
  drill: { id: 'reports.chart.drill', defaultMessage: '. Show the records behind it.' },
});

export interface BarRow {
  key: string | number;
  label: string;
  /** One value per series. */
  values: number[];
  /** Opens the records behind the row; absent = not clickable (e.g. "No school"). */
  onDrill?: () => void;
}

export function BarChart({ rows, series, format, describedBy, label, max: fixedMax }: {
  rows: BarRow[];
  series: string[];
  format: (n: number) => string;
  describedBy: string;
  /** What the list is, for screen readers ("Interactions by school"). */
  label: string;
  /** A shared scale (side-by-side charts); default the largest row total. */
  max?: number;
}) {
  const uid = useId().replace(/:/g, '');
  const total = (r: BarRow) => r.values.reduce((a, b) => a + b, 0);
  const max = Math.max(1, fixedMax ?? 0, ...rows.map(total));
  const words = (r: BarRow) => (series.length > 1
    ? r.values.map((v, i) => t(m.seriesValue, { series: series[i] ?? '', value: format(v) })).join(', ')
    : format(r.values[0] ?? 0));
  return (
    <div className="bar-chart">
      <Legend series={series} />
      <ul className={series.length > 1 ? 'bars bars--multi' : 'bars'} aria-label={label} aria-describedby={describedBy}>
        {rows.map((r) => {
          let x = 0;
          const bar = (
            <svg className="bars__bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
              {series.map((_, i) => <SeriesPattern key={i} index={i} id={`${uid}-${r.key}-${i}`} />)}
              <rect x="0" y="0" width="100" height="10" className="bars__track" />
              {r.values.map((v, i) => {
                const w = (v / max) * 100;
                const rect = <rect key={i} x={x} y="0" width={Math.max(0, w)} height="10" fill={`url(#${uid}-${r.key}-${i})`} className={`chart-s${i}`} />;
                x += w;
                return rect;
              })}
            </svg>
          );
          const content = (
            <>
              <span className="bars__label">{r.label}</span>
              {bar}
              <span className="bars__value">{words(r)}</span>
            </>
          );
          return (
            <li key={r.key} className="bars__row">
              {r.onDrill ? (
                <button type="button" className="bars__hit" onClick={r.onDrill}>
                  {content}<span className="sr-only">{t(m.drill)}</span>
                </button>
              ) : <div className="bars__hit bars__hit--static">{content}</div>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
