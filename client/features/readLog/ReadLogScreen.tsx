// /app/read-log — Who has read about me (issue 29, item 5): the people who opened records about the signed-in
// educator (observations, coaching interactions and their notes, skill ratings, action steps, coaching cycles),
// grouped by day: person, role and the kinds of record, never what they read. Coachwell support reading while
// signed in as someone shows as "Coachwell support for <that person>". The district may turn the view off
// (Site settings): the server answers 403 with its message, shown here. Anyone without the educator role reads
// what the screen is for.
import { useSearchParams } from 'react-router-dom';
import { hasRole } from '../../../common/permissions';
import { plural } from '../../../common/plural';
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
import { useReadLog } from './api';

/** "observations", "observations and skill ratings", "observations, skill ratings and coaching cycles". */
function wordList(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

function initials(name: string): string {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join('');
}

function Entry({ entry }: { entry: ReadLogEntry }) {
  const what = wordList(entry.kinds.map((k) => READ_LOG_KIND_WORDS[k]));
  const person = entry.support ? entry.reader.replace(/^Coachwell support for /, '') : entry.reader;
  return (
    <li className="read-log__entry">
      <span className={entry.support ? 'disc read-log__disc read-log__disc--support' : 'disc read-log__disc'} aria-hidden="true">
        {entry.support ? 'CW' : initials(entry.reader)}
      </span>
      <div className="read-log__body">
        <p className="read-log__who">
          <strong>{entry.reader}</strong>
          <span className="muted read-log__role">{entry.role}</span>
        </p>
        <p className="read-log__what">
          {entry.support
            ? <>Coachwell&apos;s support team opened your {what} while signed in as {person}, to help your district.</>
            : <>Opened your {what}.</>}
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
    return day === today ? `Today, ${date}` : day === yesterday ? `Yesterday, ${date}` : date;
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
      <EmptyState title="Who has read about me is for educators">
        <p>Educators see here who opened the records about them: person, role and day, never what they read.</p>
      </EmptyState>
    );
  } else if (log.error?.status === 403) {
    // The server's message (READ_LOG_MESSAGES.turnedOff) says the same for API clients; here, in the screen's words.
    body = (
      <Alert tone="info" title="Your district has turned this view off">
        Ask your district administrator if you have questions about who reads your records.
      </Alert>
    );
  } else if (log.error && !log.data) {
    body = <LoadError what="who has read about you" onRetry={() => void log.mutate()} />;
  } else if (!log.data) {
    body = <LoadingBlock label="Loading who has read about you…" />;
  } else if (log.data.data.length === 0) {
    body = (
      <EmptyState title="Nobody has read about you yet">
        <p>When someone opens one of your observations, coaching sessions, skill ratings, action steps or coaching cycles, you see it here the same day.</p>
      </EmptyState>
    );
  } else {
    const { meta } = log.data;
    body = (
      <section className="card read-log-card" aria-labelledby="read-log-count">
        <p className="muted text-sm read-log__count" id="read-log-count">
          {plural(meta.total, 'entry', 'entries')}{meta.last_page > 1 ? `, page ${meta.page} of ${meta.last_page}` : ''}
        </p>
        <Days entries={log.data.data} />
        <Pager page={meta.page} lastPage={meta.last_page} onChange={(p) => setParams(p === 1 ? {} : { page: String(p) })} />
      </section>
    );
  }

  return (
    <div className="stack read-log-page">
      <PageHeader title="Who has read about me" description={<>
        Who opened your observations, coaching sessions and their notes, skill ratings, action steps and coaching
        cycles, and on which day. You see the person and their role, never what they read. Kept for two years.
      </>} />
      {body}
    </div>
  );
}
