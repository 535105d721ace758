import { defineMessages, t } from '../lib/i18n';

const m = defineMessages({
  loading: { id: 'ui.spinner.loading', defaultMessage: 'Loading…' },
});

export type SpinnerProps = {
  /** Text announced to assistive technology (visually hidden). */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  return (
    <span role="status" className={['spinner', `spinner--${size}`, className].filter(Boolean).join(' ')}>
      <span className="spinner__circle" aria-hidden="true" />
      <span className="sr-only">{label ?? t(m.loading)}</span>
    </span>
  );
}

export type LoadingBlockProps = {
  label?: string;
  /** Fill the whole viewport (initial app load) instead of the content area. */
  fullScreen?: boolean;
};

/** Centered spinner with a visible label, for route-level or whole-screen loading. */
export function LoadingBlock({ label, fullScreen = false }: LoadingBlockProps) {
  return (
    <div className={fullScreen ? 'loading-block loading-block--full' : 'loading-block'} role="status">
      <span className="spinner spinner--lg">
        <span className="spinner__circle" aria-hidden="true" />
      </span>
      <p className="loading-block__label">{label ?? t(m.loading)}</p>
    </div>
  );
}
