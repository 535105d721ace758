import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../../common/constants';

export type LogoProps = {
  /** Wrap the logo in a link to this route (e.g. "/" or "/app"). */
  to?: string;
  size?: 'sm' | 'md' | 'lg';
  /** Show only the mark; the link/label still reads "Coachwell". */
  markOnly?: boolean;
  className?: string;
};

function LogoMark() {
  return (
    <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="logo__mark-bg" />
      {/* An open "C" that rises into an upward step: coaching toward growth. */}
      <path
        d="M21.5 10.2A8 8 0 1 0 21.5 21.8"
        fill="none"
        className="logo__mark-line"
        strokeWidth="3.2"
        strokeLinecap="round"
      />
      <circle cx="23" cy="16" r="2.6" className="logo__mark-dot" />
    </svg>
  );
}

export function Logo({ to, size = 'md', markOnly = false, className }: LogoProps) {
  const classes = ['logo', `logo--${size}`, className].filter(Boolean).join(' ');
  const inner = (
    <>
      <LogoMark />
      {markOnly ? <span className="sr-only">{PRODUCT_NAME}</span> : <span className="logo__word">{PRODUCT_NAME}</span>}
    </>
  );
  if (to) {
    return (
      <Link to={to} className={classes}>
        {inner}
      </Link>
    );
  }
  return <span className={classes}>{inner}</span>;
}
