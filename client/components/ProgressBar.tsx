import './progressBar.css';

export type ProgressBarProps = {
  /** How much is done, of `total` (a bar of nothing done when total is 0). */
  done: number;
  total: number;
  /** What the bar is announced as, read aloud with its value; none for a bar beside text that already says it (hidden from assistive technology). */
  valueText?: string;
  /** Its name: a visible heading's id, or else a label of its own. */
  labelledBy?: string;
  label?: string;
  /** The bar's colour: the primary colour while work runs, green for steps a person completes or a goal met, amber short of one. */
  tone?: 'primary' | 'success' | 'warning';
  className?: string;
};

/** A thin bar of how far something has got, with the progressbar role and its values for assistive technology. */
export function ProgressBar({ done, total, valueText, labelledBy, label, tone = 'primary', className }: ProgressBarProps) {
  const classes = ['progress-bar', `progress-bar--${tone}`, className].filter(Boolean).join(' ');
  const fill = <span style={{ width: `${Math.round((done * 100) / Math.max(1, total))}%` }} />;
  if (valueText === undefined) return <div className={classes} aria-hidden="true">{fill}</div>;
  return (
    <div
      className={classes}
      role="progressbar"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
      aria-valuetext={valueText}
    >
      {fill}
    </div>
  );
}
