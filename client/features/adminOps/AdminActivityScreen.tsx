// Admin activity: the audit log across districts as a feed of readable sentences, newest first (the
// server writes each sentence and groups an impersonation's screen reads into one entry).
// Filters (district, person, action, dates) and the page cursor live in the URL.
import { useMemo } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import type { AuditEntry, AuditRead } from '../../../common/schemas/adminOps';
import { ROUTES, type RouteDef, type ScreenProps } from '../../app/routeTable';
import { LoadError } from '../../components/LoadError';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { SelectField, TextField } from '../../components/Field';
import { FilterBar } from '../../components/FilterBar';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { formatDay } from '../../lib/dates';
import { formatRelative } from '../../lib/format';
import { defineMessages, t } from '../../lib/i18n';
import { useDateLocale, useInstantFormat } from '../../lib/session';
import { type AuditFilters, useAuditFeed } from './api';
import { actionLabel, actionOptions as auditActionOptions } from './auditLabels';
import { filterChips, useUrlFilters } from './urlFilters';

const KEYS = ['district_id', 'actor', 'action', 'from', 'to'] as const;

const m = defineMessages({
  screensViewedCount: { id: 'adminOps.activity.screensViewedCount', defaultMessage: 'Screens viewed ({count, plural, one {# request} other {# requests}})' },
  requestsCount: { id: 'adminOps.activity.requestsCount', defaultMessage: 'Requests ({count, number})' },
  screen: { id: 'adminOps.activity.screen', defaultMessage: 'Screen' },
  requests: { id: 'adminOps.activity.requests', defaultMessage: '{count, plural, one {# request} other {# requests}}' },
  moreRequests: { id: 'adminOps.activity.moreRequests', defaultMessage: 'And {count, plural, one {# more request} other {# more requests}}.' },
  at: { id: 'adminOps.activity.at', defaultMessage: 'at {time}', description: 'After the sentence of a run of screen reads' },
  between: { id: 'adminOps.activity.between', defaultMessage: 'between {from} and {to}' },
  screensViewed: { id: 'adminOps.activity.screensViewed', defaultMessage: 'Screens viewed' },
  ip: { id: 'adminOps.activity.ip', defaultMessage: 'IP {ip}' },
  impersonated: { id: 'adminOps.activity.impersonated', defaultMessage: 'Impersonated' },
  onlyTheirActions: { id: 'adminOps.activity.onlyTheirActions', defaultMessage: ': show only their actions' },
  onlyThisDistrict: { id: 'adminOps.onlyThisDistrict', defaultMessage: ': show only this district' },
  details: { id: 'adminOps.details', defaultMessage: 'Details' },
  request: { id: 'adminOps.activity.request', defaultMessage: 'request' },
  record: { id: 'adminOps.activity.record', defaultMessage: 'record' },
  browser: { id: 'adminOps.activity.browser', defaultMessage: 'browser' },
  person: { id: 'adminOps.activity.person', defaultMessage: 'Person' },
  action: { id: 'adminOps.activity.action', defaultMessage: 'Action' },
  from: { id: 'adminOps.from', defaultMessage: 'From' },
  to: { id: 'adminOps.to', defaultMessage: 'To' },
  district: { id: 'adminOps.district', defaultMessage: 'District' },
  districtNumber: { id: 'adminOps.districtNumber', defaultMessage: '#{id}' },
  description: { id: 'adminOps.activity.description', defaultMessage: 'Everything people did in Coachwell, across every district: who, what, to which record, when and from where.' },
  filterLabel: { id: 'adminOps.activity.filterLabel', defaultMessage: 'Filter the activity' },
  personPlaceholder: { id: 'adminOps.activity.personPlaceholder', defaultMessage: 'Name, email or user ID' },
  allActions: { id: 'adminOps.activity.allActions', defaultMessage: 'All actions' },
  loadErrorTitle: { id: 'adminOps.activity.loadErrorTitle', defaultMessage: 'The activity could not be loaded.' },
  tryAgain: { id: 'adminOps.tryAgain', defaultMessage: 'Please try again.' },
  loading: { id: 'adminOps.activity.loading', defaultMessage: 'Loading activity…' },
  noMatchTitle: { id: 'adminOps.activity.noMatchTitle', defaultMessage: 'No activity matches these filters' },
  emptyTitle: { id: 'adminOps.activity.emptyTitle', defaultMessage: 'No activity yet' },
  noMatchText: { id: 'adminOps.activity.noMatchText', defaultMessage: 'Try another person, action or date range.' },
  emptyText: { id: 'adminOps.activity.emptyText', defaultMessage: 'Actions appear here as people use Coachwell.' },
  activity: { id: 'adminOps.activity.activity', defaultMessage: 'Activity' },
  pages: { id: 'adminOps.activity.pages', defaultMessage: 'Activity pages' },
  newest: { id: 'adminOps.activity.newest', defaultMessage: 'Newest' },
  older: { id: 'adminOps.activity.older', defaultMessage: 'Older' },
});

function detailText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if ('from' in o && 'to' in o && Object.keys(o).length === 2) return `${detailText(o.from)} → ${detailText(o.to)}`;
    return JSON.stringify(value);
  }
  return String(value);
}

/** The screen a path belongs to ("Educators"), by the route table; null for a path of no screen. */
function screenTitle(path: string): string | null {
  const match = matchRoutes(ROUTES as RouteObject[], path)?.[0]?.route as RouteDef | undefined;
  return match && match.path !== '*' ? match.title : null;
}

/**
 * A run of reads as the screens visited in order, with how many requests each made. A request without a
 * screen (the page's first one, preloaded before the app runs) counts toward the screen that follows it.
 */
function visits(reads: AuditRead[]): { key: string; at: string; screen: string | null; paths: string[]; count: number }[] {
  const out: { key: string; at: string; screen: string | null; paths: string[]; count: number }[] = [];
  let waiting: AuditRead[] = [];
  for (const r of reads) {
    if (r.screen === null) {
      waiting.push(r);
      continue;
    }
    const prev = out[out.length - 1];
    if (prev && prev.screen === r.screen && waiting.length === 0) {
      prev.count++;
      continue;
    }
    const first = waiting[0] ?? r;
    out.push({ key: String(first.id), at: first.at, screen: r.screen, paths: [], count: waiting.length + 1 });
    waiting = [];
  }
  for (const r of waiting) out.push({ key: String(r.id), at: r.at, screen: null, paths: r.path ? [r.path] : [], count: 1 });
  return out;
}

function Reads({ reads }: { reads: NonNullable<AuditEntry['reads']> }) {
  const when = useInstantFormat();
  const rows = visits(reads.items);
  return (
    <details className="audit-entry__details">
      <summary>{reads.screens > 0 ? t(m.screensViewedCount, { count: reads.count }) : t(m.requestsCount, { count: reads.count })}</summary>
      <ol className="audit-reads">
        {rows.map((v) => (
          <li key={v.key}>
            <time dateTime={v.at}>{when.date(v.at, 'pp')}</time>
            <span className="audit-reads__what">
              {v.screen ? <><strong>{screenTitle(v.screen) ?? t(m.screen)}</strong> <code>{v.screen}</code></> : <code>{v.paths[0] ?? '—'}</code>}
              {v.screen && <span className="audit-reads__count"> · {t(m.requests, { count: v.count })}</span>}
            </span>
          </li>
        ))}
      </ol>
      {reads.count > reads.items.length && <p className="audit-entry__meta">{t(m.moreRequests, { count: reads.count - reads.items.length })}</p>}
    </details>
  );
}

function Entry({ entry, onDistrict, onPerson }: { entry: AuditEntry; onDistrict: (id: number) => void; onPerson: (email: string) => void }) {
  const locale = useDateLocale();
  const when = useInstantFormat();
  const people = [entry.impersonator, entry.actor].filter((p, i, all): p is NonNullable<typeof p> => p !== null && all.findIndex((q) => q?.id === p.id) === i);
  const details = entry.details && !entry.reads ? Object.entries(entry.details) : [];
  const reads = entry.reads;
  // A run of reads says when it ran, on the reader's profile clock.
  const span = reads
    ? when.date(reads.first_at, 'Pp') === when.date(reads.last_at, 'Pp')
      ? ` ${t(m.at, { time: when.date(reads.last_at, 'p') })}`
      : ` ${t(m.between, { from: when.date(reads.first_at, 'p'), to: when.date(reads.last_at, 'p') })}`
    : '';
  return (
    <li className="audit-entry">
      <div className="audit-entry__head">
        <p className="audit-entry__sentence">{entry.sentence}{span}</p>
        <span className="badge badge--neutral audit-entry__action">{reads ? t(m.screensViewed) : actionLabel(entry.action)}</span>
      </div>
      <p className="audit-entry__meta">
        <time dateTime={entry.at} title={when.dateTime(entry.at)}>{formatRelative(entry.at, locale)}</time>
        <span aria-hidden="true"> · </span>
        <span>{when.dateTime(entry.at)}</span>
        {entry.ip && (
          <>
            <span aria-hidden="true"> · </span>
            <span>{t(m.ip, { ip: entry.ip })}</span>
          </>
        )}
        {entry.impersonator && (
          <>
            <span aria-hidden="true"> · </span>
            <span className="badge badge--warning">{t(m.impersonated)}</span>
          </>
        )}
      </p>
      <div className="audit-entry__actions">
        {people.map((p) => (
          <Button key={p.id} variant="ghost" size="sm" onClick={() => onPerson(p.email)}>
            {p.email}<span className="sr-only">{t(m.onlyTheirActions)}</span>
          </Button>
        ))}
        {entry.district && (
          <Button variant="ghost" size="sm" onClick={() => onDistrict(entry.district!.id)}>
            {entry.district.name}<span className="sr-only">{t(m.onlyThisDistrict)}</span>
          </Button>
        )}
      </div>
      {reads && <Reads reads={reads} />}
      {(details.length > 0 || (!reads && entry.user_agent)) && (
        <details className="audit-entry__details">
          <summary>{t(m.details)}</summary>
          <dl className="audit-entry__dl">
            {details.map(([key, value]) => (
              <div key={key}>
                <dt>{key.replace(/_/g, ' ')}</dt>
                <dd>{detailText(value)}</dd>
              </div>
            ))}
            {entry.request && (
              <div>
                <dt>{t(m.request)}</dt>
                <dd>{entry.request.method} {entry.request.path}</dd>
              </div>
            )}
            {entry.subject && (
              <div>
                <dt>{t(m.record)}</dt>
                <dd>{entry.subject.type.replace(/_/g, ' ')}{entry.subject.id !== null ? ` #${entry.subject.id}` : ''}</dd>
              </div>
            )}
            {entry.user_agent && (
              <div>
                <dt>{t(m.browser)}</dt>
                <dd>{entry.user_agent}</dd>
              </div>
            )}
          </dl>
        </details>
      )}
    </li>
  );
}

export default function AdminActivityScreen({ route }: ScreenProps) {
  const { values, params, update } = useUrlFilters(KEYS);
  const cursor = params.get('cursor') ?? '';
  const filters: AuditFilters = values;
  const { data, error, isLoading, mutate } = useAuditFeed(filters, cursor);
  const actionOptions = useMemo(() => auditActionOptions(), []);
  const filtered = KEYS.some((k) => values[k] !== '');
  const districtName = data?.data.find((e) => String(e.district?.id) === values.district_id)?.district?.name;
  const setPerson = useMemo(() => (actor: string) => update({ actor: actor.trim() }, { replace: true }), [update]);
  const locale = useDateLocale();
  const chips = filterChips([
    ['actor', t(m.person), values.actor],
    ['action', t(m.action), values.action && (actionOptions.find((o) => o.value === values.action)?.label ?? values.action)],
    ['from', t(m.from), formatDay(values.from, locale)],
    ['to', t(m.to), formatDay(values.to, locale)],
    ['district_id', t(m.district), values.district_id && (districtName ?? t(m.districtNumber, { id: values.district_id }))],
  ], (key) => update({ [key]: '' }));

  return (
    <div className="stack stack--lg admin-ops">
      <PageHeader
        title={route.title}
        description={<p>{t(m.description)}</p>}
      />
      <FilterBar label={t(m.filterLabel)} search={values.actor} searchLabel={t(m.person)} searchName="actor" searchPlaceholder={t(m.personPlaceholder)}
        onSearch={setPerson} active={filtered} onClear={() => update({ district_id: '', actor: '', action: '', from: '', to: '' })} chips={chips}
        columns="minmax(14rem, 2fr) minmax(12rem, 1.5fr) repeat(2, minmax(9rem, 1fr))">
        <SelectField label={t(m.action)} name="action" value={values.action} placeholder={t(m.allActions)} options={actionOptions} onChange={(action) => update({ action })} />
        <TextField label={t(m.from)} name="from" type="date" value={values.from} onChange={(from) => update({ from })} />
        <TextField label={t(m.to)} name="to" type="date" value={values.to} onChange={(to) => update({ to })} />
      </FilterBar>
      {error && !data ? (
        <LoadError title={t(m.loadErrorTitle)} message={error.status === 422 ? error.message : t(m.tryAgain)} onRetry={() => void mutate()} />
      ) : isLoading && !data ? (
        <LoadingBlock label={t(m.loading)} />
      ) : data && data.data.length === 0 ? (
        <EmptyState title={filtered ? t(m.noMatchTitle) : t(m.emptyTitle)}>
          <p>{filtered ? t(m.noMatchText) : t(m.emptyText)}</p>
        </EmptyState>
      ) : data ? (
        <section className="stack" aria-label={t(m.activity)}>
          <ol className="audit-feed">
            {data.data.map((entry) => (
              <Entry key={entry.id} entry={entry} onDistrict={(id) => update({ district_id: String(id) })} onPerson={(email) => update({ actor: email })} />
            ))}
          </ol>
          <nav className="ops-pager" aria-label={t(m.pages)}>
            {cursor && <Button variant="secondary" onClick={() => update({ cursor: '' })}>{t(m.newest)}</Button>}
            {data.meta.next_cursor && (
              <Button variant="secondary" onClick={() => update({ cursor: data.meta.next_cursor! }, { keepPage: true })}>{t(m.older)}</Button>
            )}
          </nav>
        </section>
      ) : null}
    </div>
  );
}
