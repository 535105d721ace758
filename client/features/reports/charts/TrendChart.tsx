// A column chart over time (interactions per week or month). Drawn at the container's real width
// (so its text is never scaled down), a few labelled gridlines, every column a keyboard-reachable
// button named with its period and figure that opens the records behind it.
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { currentLocale, defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  column: { id: 'reports.trend.column', defaultMessage: '{period}: {value} {unit}' },
});
/** Axis and column figures in the interface's language. */
const figure = (n: number) => n.toLocaleString(currentLocale() === 'es' ? 'es-US' : 'en-US');

export interface TrendPoint {
  key: string;
  /** Short axis label ("Sep", "Sep 8"). */
  label: string;
  /** Full name read out ("Week of Sep 8, 2025"). */
  longLabel: string;
  value: number;
  onDrill?: () => void;
}

/**
 * The container's width, from a ResizeObserver: its first answer comes after the browser's own layout, where reading
 * `clientWidth` in a layout effect would force a layout of the whole report inside React's commit (60–70 ms of one long
 * task on a phone, issue 35). Until it answers the chart keeps its height and draws nothing.
 */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof ResizeObserver === 'undefined') {
      setWidth(el.clientWidth || fallback);
      return;
    }
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry!.contentRect.width) || fallback));
    observer.observe(el);
    return () => observer.disconnect();
  }, [fallback]);
  return [ref, width] as const;
}

/** 0 and two round steps up to at least the largest value. */
export function niceTicks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / 2;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? rough;
  return [0, step, step * 2];
}

const height = 220;

export function TrendChart({ points, unit, describedBy, label }: { points: TrendPoint[]; unit: string; describedBy: string; label: string }) {
  const [ref, measured] = useWidth<HTMLDivElement>(640);
  if (measured === null) return <div ref={ref} className="trend-chart" style={{ height }} />;
  const width = measured;
  const left = 40;
  const bottom = 28;
  const top = 12;
  const ticks = niceTicks(Math.max(0, ...points.map((p) => p.value)));
  const max = ticks[ticks.length - 1]!;
  const plotW = Math.max(10, width - left - 8);
  const plotH = height - top - bottom;
  const slot = plotW / Math.max(1, points.length);
  const barW = Math.max(3, Math.min(40, slot * 0.7));
  // Label at most ~ every 48px.
  const every = Math.max(1, Math.ceil(48 / slot));
  const y = (v: number) => top + plotH - (v / max) * plotH;
  const onKey = (e: KeyboardEvent, p: TrendPoint) => {
    if ((e.key === 'Enter' || e.key === ' ') && p.onDrill) {
      e.preventDefault();
      p.onDrill();
    }
  };
  return (
    <div ref={ref} className="trend-chart">
      <svg width={width} height={height} role="group" aria-label={label} aria-describedby={describedBy} className="trend-chart__svg">
        {ticks.map((tick) => (
          <g key={tick} aria-hidden="true">
            <line x1={left} x2={width - 4} y1={y(tick)} y2={y(tick)} className="chart-grid" />
            <text x={left - 6} y={y(tick) + 4} textAnchor="end" className="chart-axis">{figure(tick)}</text>
          </g>
        ))}
        {points.map((p, i) => {
          const cx = left + slot * i + slot / 2;
          const h = (p.value / max) * plotH;
          return (
            <g key={p.key}
              role={p.onDrill ? 'button' : 'img'}
              tabIndex={p.onDrill ? 0 : undefined}
              aria-label={t(m.column, { period: p.longLabel, value: figure(p.value), unit })}
              className={p.onDrill ? 'trend-chart__col trend-chart__col--link' : 'trend-chart__col'}
              onClick={p.onDrill} onKeyDown={(e) => onKey(e, p)}>
              <rect x={cx - slot / 2} y={top} width={slot} height={plotH} className="trend-chart__hit" />
              <rect x={cx - barW / 2} y={top + plotH - h} width={barW} height={Math.max(h, p.value > 0 ? 1 : 0)} className="chart-s0 trend-chart__bar" />
            </g>
          );
        })}
        <g aria-hidden="true">
          {points.map((p, i) => (i % every === 0
            ? <text key={p.key} x={left + slot * i + slot / 2} y={height - 8} textAnchor="middle" className="chart-axis">{p.label}</text>
            : null))}
        </g>
        <line x1={left} x2={width - 4} y1={top + plotH} y2={top + plotH} className="chart-baseline" aria-hidden="true" />
      </svg>
    </div>
  );
}
