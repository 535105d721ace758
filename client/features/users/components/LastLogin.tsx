import type { Locale } from 'date-fns';
import { formatDate, formatDateTime, formatRelative } from '../../../lib/format';

/** "3 days ago" with the date under it, both in the user's date language; "Never" before a first sign-in. */
export function LastLogin({ value, locale }: { value: string | null; locale?: Locale }) {
  if (!value) return <span className="muted">Never</span>;
  return (
    <span className="users-last-login">
      <time dateTime={value} title={formatDateTime(value, locale)}>{formatRelative(value, locale)}</time>
      <span className="muted text-sm">{formatDate(value, locale)}</span>
    </span>
  );
}
