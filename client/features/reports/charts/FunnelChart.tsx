// The coaching-cycle funnel: one row per stage in order, a centred bar as wide as the cycles that
// ever entered the stage with the cycles in it now drawn inside (a darker, striped core), and the
// figures in words beside it (entered, now, average days against expected, overdue).
import { useId } from 'react';
import { SeriesPattern } from './ChartFrame';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  entered: { id: 'reports.funnel.entered', defaultMessage: 'Entered the stage' },
  now: { id: 'reports.funnel.now', defaultMessage: 'In it now' },
  figures: { id: 'reports.funnel.figures', defaultMessage: '{entered} entered · {now} now' },
  drill: { id: 'reports.funnel.drill', defaultMessage: '. Show the cycles in this stage.' },
});

export interface FunnelStage {
  key: number;
  label: string;
  entered: number;
  now: number;
  detail: string;
  onDrill?: () => void;
}

export function FunnelChart({ stages, describedBy, label }: { stages: FunnelStage[]; describedBy: string; label: string }) {
  const uid = useId().replace(/:/g, '');
  const max = Math.max(1, ...stages.map((s) => s.entered));
  return (
    <div className="funnel">
      <ul className="chart-legend" aria-hidden="true">
        <li><span className="funnel__key funnel__key--entered" />{t(m.entered)}</li>
        <li><span className="funnel__key funnel__key--now" />{t(m.now)}</li>
      </ul>
      <ol className="funnel__list" aria-label={label} aria-describedby={describedBy}>
        {stages.map((s) => {
          const w = (s.entered / max) * 100;
          const n = (s.now / max) * 100;
          const inner = (
            <>
              <span className="funnel__label">{s.label}</span>
              <svg className="funnel__bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
                <SeriesPattern index={1} id={`${uid}-${s.key}`} />
                <rect x={(100 - w) / 2} y="0" width={w} height="10" className="chart-s0 funnel__entered" />
                <rect x={(100 - n) / 2} y="2" width={n} height="6" fill={`url(#${uid}-${s.key})`} className="chart-s1" />
              </svg>
              <span className="funnel__figures">{t(m.figures, { entered: s.entered, now: s.now })}<br /><span className="muted">{s.detail}</span></span>
            </>
          );
          return (
            <li key={s.key} className="funnel__row">
              {s.onDrill
                ? <button type="button" className="funnel__hit" onClick={s.onDrill}>{inner}<span className="sr-only">{t(m.drill)}</span></button>
                : <div className="funnel__hit">{inner}</div>}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
