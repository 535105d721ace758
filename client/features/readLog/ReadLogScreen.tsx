// /app/read-log — Who has read about me (issue 29, item 5): the people who opened records about the signed-in
// educator (observations, coaching interactions and their notes, skill ratings, action steps, coaching cycles),
// grouped by day: person, role and the kinds of record, never what they read. Coachwell support reading while
// signed in as someone shows as "Coachwell support for <that person>". The district may turn the view off
// (Site settings): the server answers 403 with its message, shown here. Anyone without the educator role reads
// what the screen is for.
import { useSearchParams } from 'react-router-dom';
import { hasRole } from '../../../common/permissions';
import { READ_LOG_KIND_WORDS, type ReadLogEntry } from '../../../common/readLogValues';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { LoadingBlock } from '../../components/Spinner';
import { dayBefore, localDateAsDate } from '../../lib/dates';
import { formatDate } from '../../lib/format';
import { readPage } from '../../lib/listParams';
import { useAuthUser, useDateLocale, useToday } from '../../lib/session';
import { defineMessages, t, tText } from '../../lib/i18n';
import { useReadLog } from './api';

const m = defineMessages({
  supportInitials: { id: 'readLog.supportInitials', defaultMessage: 'CW', description: 'Coachwell\'s initials in the support disc.' },
  listAnd: { id: 'readLog.listAnd', defaultMessage: '{first} and {last}', description: 'Kinds of record: "observations, skill ratings and coaching cycles".' },
  supportOpened: { id: 'readLog.supportOpened', defaultMessage: 'Coachwell\'s support team opened your {what} while signed in as {person}, to help your district.' },
  opened: { id: 'readLog.opened', defaultMessage: 'Opened your {what}.' },
  today: { id: 'readLog.today', defaultMessage: 'Today, {date}' },
  yesterday: { id: 'readLog.yesterday', defaultMessage: 'Yesterday, {date}' },
  notEducatorTitle: { id: 'readLog.notEducatorTitle', defaultMessage: 'Who has read about me is for educators' },
  notEducatorBody: { id: 'readLog.notEducatorBody', defaultMessage: 'Educators see here who opened the records about them: person, role and day, never what they read.' },
  offTitle: { id: 'readLog.offTitle', defaultMessage: 'Your district has turned this view off' },
  offBody: { id: 'readLog.offBody', defaultMessage: 'Ask your district administrator if you have questions about who reads your records.' },
  loadError: { id: 'readLog.loadError', defaultMessage: 'An error occurred while fetching who has read about you. Please try again later.' },
  loading: { id: 'readLog.loading', defaultMessage: 'Loading who has read about you…' },
  emptyTitle: { id: 'readLog.emptyTitle', defaultMessage: 'Nobody has read about you yet' },
  emptyBody: { id: 'readLog.emptyBody', defaultMessage: 'When someone opens one of your observations, coaching sessions, skill ratings, action steps or coaching cycles, you see it here the same day.' },
  count: { id: 'readLog.count', defaultMessage: '{total, plural, one {# entry} other {# entries}}' },
  countPaged: { id: 'readLog.countPaged', defaultMessage: '{total, plural, one {# entry} other {# entries}}, page {page} of {lastPage}' },
  title: { id: 'readLog.title', defaultMessage: 'Who has read about me' },
  description: { id: 'readLog.description', defaultMessage: 'Who opened your observations, coaching sessions and their notes, skill ratings, action steps and coaching cycles, and on which day. You see the person and their role, never what they read. Kept for two years.' },
});

/** "observations", "observations and skill ratings", "observations, skill ratings and coaching cycles". */
function wordList(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return t(m.listAnd, { first: words.slice(0, -1).join(', '), last: words[words.length - 1]! });
}

function initials(name: string): string {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join('');
}

function Entry({ entry }: { entry: ReadLogEntry }) {
  const what = wordList(entry.kinds.map((k) => tText(READ_LOG_KIND_WORDS[k])));
  const person = entry.support ? entry.reader.replace(/^Coachwell support for /, '') : entry.reader;
  return (
    <li className="read-log__entry">
      <span className={entry.support ? 'disc read-log__disc read-log__disc--support' : 'disc read-log__disc'} aria-hidden="true">
        {entry.support ? t(m.supportInitials) : initials(entry.reader)}
      </span>
      <div className="read-log__body">
        <p className="read-log__who">
          <strong>{entry.support ? tText(entry.reader) : entry.reader}</strong>
          <span className="muted read-log__role">{tText(entry.role)}</span>
        </p>
        <p className="read-log__what">
          {entry.support
            ? t(m.supportOpened, { what, person })
            : t(m.opened, { what })}
        </p>
      </div>
    </li>
  );
}

function Days({ entries }: { entries: ReadLogEntry[] }) {
  const locale = useDateLocale();
  const today = useToday();
  const yesterday = dayBefore(today);
  const days: { day: string; entries: ReadLogEntry[] }[] = [];
  for (const e of entries) {
    const last = days[days.length - 1];
    if (last && last.day === e.day) last.entries.push(e);
    else days.push({ day: e.day, entries: [e] });
  }
  const dayName = (day: string) => {
    const date = formatDate(localDateAsDate(day)!, locale, 'EEEE, PP');
    return day === today ? t(m.today, { date }) : day === yesterday ? t(m.yesterday, { date }) : date;
  };
  return (
    <ol className="read-log">
      {days.map((d) => (
        <li key={d.day} className="read-log__day">
          <h2 className="read-log__date" id={`read-log-${d.day}`}>{dayName(d.day)}</h2>
          <ul className="read-log__entries" aria-labelledby={`read-log-${d.day}`}>
            {d.entries.map((e) => <Entry key={`${e.reader}|${e.role}|${e.support}`} entry={e} />)}
          </ul>
        </li>
      ))}
    </ol>
  );
}

export default function ReadLogScreen(_props: ScreenProps) {
  const { user } = useAuthUser();
  const educator = !!user && hasRole(user.security.roles, 'educator');
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const log = useReadLog(page, educator);

  let body;
  if (!educator) {
    body = (
      <EmptyState title={t(m.notEducatorTitle)}>
        <p>{t(m.notEducatorBody)}</p>
      </EmptyState>
    );
  } else if (log.error?.status === 403) {
    // The server's message (READ_LOG_MESSAGES.turnedOff) says the same for API clients; here, in the screen's words.
    body = (
      <Alert tone="info" title={t(m.offTitle)}>
        {t(m.offBody)}
      </Alert>
    );
  } else if (log.error && !log.data) {
    body = <LoadError message={t(m.loadError)} onRetry={() => void log.mutate()} />;
  } else if (!log.data) {
    body = <LoadingBlock label={t(m.loading)} />;
  } else if (log.data.data.length === 0) {
    body = (
      <EmptyState title={t(m.emptyTitle)}>
        <p>{t(m.emptyBody)}</p>
      </EmptyState>
    );
  } else {
    const { meta } = log.data;
    body = (
      <section className="card read-log-card" aria-labelledby="read-log-count">
        <p className="muted text-sm read-log__count" id="read-log-count">
          {meta.last_page > 1 ? t(m.countPaged, { total: meta.total, page: meta.page, lastPage: meta.last_page }) : t(m.count, { total: meta.total })}
        </p>
        <Days entries={log.data.data} />
        <Pager page={meta.page} lastPage={meta.last_page} onChange={(p) => setParams(p === 1 ? {} : { page: String(p) })} />
      </section>
    );
  }

  return (
    <div className="stack read-log-page">
      <PageHeader title={t(m.title)} description={t(m.description)} />
      {body}
    </div>
  );
}
