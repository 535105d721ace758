import type { Locale } from 'date-fns';
import { formatRelative } from '../../../lib/format';
import { useInstantFormat } from '../../../lib/session';

/** "3 days ago" (full date and time on hover); "Never" before a first sign-in. */
export function LastSignIn({ value, locale }: { value: string | null; locale?: Locale }) {
  const when = useInstantFormat();
  if (!value) return <span className="muted">Never</span>;
  return <time dateTime={value} title={when.dateTime(value)}>{formatRelative(value, locale)}</time>;
}
