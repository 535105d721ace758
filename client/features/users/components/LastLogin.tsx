import type { Locale } from 'date-fns';
import { formatRelative } from '../../../lib/format';
import { useInstantFormat } from '../../../lib/session';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  never: { id: 'users.never', defaultMessage: 'Never' },
});

/** "3 days ago" with the date under it, both in the user's date language; "Never" before a first sign-in. */
export function LastLogin({ value, locale }: { value: string | null; locale?: Locale }) {
  const when = useInstantFormat();
  if (!value) return <span className="muted">{t(m.never)}</span>;
  return (
    <span className="users-last-login">
      <time dateTime={value} title={when.dateTime(value)}>{formatRelative(value, locale)}</time>
      <span className="muted text-sm">{when.date(value)}</span>
    </span>
  );
}
