import type { Locale } from 'date-fns';
import { formatRelative } from '../../../lib/format';
import { defineMessages, t } from '../../../lib/i18n';
import { useInstantFormat } from '../../../lib/session';

const m = defineMessages({
  never: { id: 'adminUsers.lastSignIn.never', defaultMessage: 'Never' },
});

/** "3 days ago" (full date and time on hover); "Never" before a first sign-in. */
export function LastSignIn({ value, locale }: { value: string | null; locale?: Locale }) {
  const when = useInstantFormat();
  if (!value) return <span className="muted">{t(m.never)}</span>;
  return <time dateTime={value} title={when.dateTime(value)}>{formatRelative(value, locale)}</time>;
}
