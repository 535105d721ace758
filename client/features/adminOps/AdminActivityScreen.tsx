// Admin activity: the audit log across districts as a feed of readable sentences, newest first (the
// server writes each sentence and groups an impersonation's screen reads into one entry).
// Filters (district, person, action, dates) and the page cursor live in the URL.
import { useMemo } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { auditActionLabel, auditActionOptions } from '../../../common/auditActions';
import { countText, plural } from '../../../common/plural';
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
import { useDateLocale, useInstantFormat } from '../../lib/session';
import { type AuditFilters, useAuditFeed } from './api';
import { filterChips, useUrlFilters } from './urlFilters';

const KEYS = ['district_id', 'actor', 'action', 'from', 'to'] as const;

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
      <summary>{reads.screens > 0 ? `Screens viewed (${plural(reads.count, 'request', 'requests')})` : `Requests (${countText(reads.count)})`}</summary>
      <ol className="audit-reads">
        {rows.map((v) => (
          <li key={v.key}>
            <time dateTime={v.at}>{when.date(v.at, 'pp')}</time>
            <span className="audit-reads__what">
              {v.screen ? <><strong>{screenTitle(v.screen) ?? 'Screen'}</strong> <code>{v.screen}</code></> : <code>{v.paths[0] ?? '—'}</code>}
              {v.screen && <span className="audit-reads__count"> · {plural(v.count, 'request', 'requests')}</span>}
            </span>
          </li>
        ))}
      </ol>
      {reads.count > reads.items.length && <p className="audit-entry__meta">And {plural(reads.count - reads.items.length, 'more request', 'more requests')}.</p>}
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
      ? ` at ${when.date(reads.last_at, 'p')}`
      : ` between ${when.date(reads.first_at, 'p')} and ${when.date(reads.last_at, 'p')}`
    : '';
  return (
    <li className="audit-entry">
      <div className="audit-entry__head">
        <p className="audit-entry__sentence">{entry.sentence}{span}</p>
        <span className="badge badge--neutral audit-entry__action">{reads ? 'Screens viewed' : auditActionLabel(entry.action)}</span>
      </div>
      <p className="audit-entry__meta">
        <time dateTime={entry.at} title={when.dateTime(entry.at)}>{formatRelative(entry.at, locale)}</time>
        <span aria-hidden="true"> · </span>
        <span>{when.dateTime(entry.at)}</span>
        {entry.ip && (
          <>
            <span aria-hidden="true"> · </span>
            <span>IP {entry.ip}</span>
          </>
        )}
        {entry.impersonator && (
          <>
            <span aria-hidden="true"> · </span>
            <span className="badge badge--warning">Impersonated</span>
          </>
        )}
      </p>
      <div className="audit-entry__actions">
        {people.map((p) => (
          <Button key={p.id} variant="ghost" size="sm" onClick={() => onPerson(p.email)}>
            {p.email}<span className="sr-only">: show only their actions</span>
          </Button>
        ))}
        {entry.district && (
          <Button variant="ghost" size="sm" onClick={() => onDistrict(entry.district!.id)}>
            {entry.district.name}<span className="sr-only">: show only this district</span>
          </Button>
        )}
      </div>
      {reads && <Reads reads={reads} />}
      {(details.length > 0 || (!reads && entry.user_agent)) && (
        <details className="audit-entry__details">
          <summary>Details</summary>
          <dl className="audit-entry__dl">
            {details.map(([key, value]) => (
              <div key={key}>
                <dt>{key.replace(/_/g, ' ')}</dt>
                <dd>{detailText(value)}</dd>
              </div>
            ))}
            {entry.request && (
              <div>
                <dt>request</dt>
                <dd>{entry.request.method} {entry.request.path}</dd>
              </div>
            )}
            {entry.subject && (
              <div>
                <dt>record</dt>
                <dd>{entry.subject.type.replace(/_/g, ' ')}{entry.subject.id !== null ? ` #${entry.subject.id}` : ''}</dd>
              </div>
            )}
            {entry.user_agent && (
              <div>
                <dt>browser</dt>
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
    ['actor', 'Person', values.actor],
    ['action', 'Action', values.action && (actionOptions.find((o) => o.value === values.action)?.label ?? values.action)],
    ['from', 'From', formatDay(values.from, locale)],
    ['to', 'To', formatDay(values.to, locale)],
    ['district_id', 'District', values.district_id && (districtName ?? `#${values.district_id}`)],
  ], (key) => update({ [key]: '' }));

  return (
    <div className="stack stack--lg admin-ops">
      <PageHeader
        title={route.title}
        description={<p>Everything people did in Coachwell, across every district: who, what, to which record, when and from where.</p>}
      />
      <FilterBar label="Filter the activity" search={values.actor} searchLabel="Person" searchName="actor" searchPlaceholder="Name, email or user ID"
        onSearch={setPerson} active={filtered} onClear={() => update({ district_id: '', actor: '', action: '', from: '', to: '' })} chips={chips}
        columns="minmax(14rem, 2fr) minmax(12rem, 1.5fr) repeat(2, minmax(9rem, 1fr))">
        <SelectField label="Action" name="action" value={values.action} placeholder="All actions" options={actionOptions} onChange={(action) => update({ action })} />
        <TextField label="From" name="from" type="date" value={values.from} onChange={(from) => update({ from })} />
        <TextField label="To" name="to" type="date" value={values.to} onChange={(to) => update({ to })} />
      </FilterBar>
      {error && !data ? (
        <LoadError title="The activity could not be loaded." what="the activity" message={error.status === 422 ? error.message : 'Please try again.'} onRetry={() => void mutate()} />
      ) : isLoading && !data ? (
        <LoadingBlock label="Loading activity…" />
      ) : data && data.data.length === 0 ? (
        <EmptyState title={filtered ? 'No activity matches these filters' : 'No activity yet'}>
          <p>{filtered ? 'Try another person, action or date range.' : 'Actions appear here as people use Coachwell.'}</p>
        </EmptyState>
      ) : data ? (
        <section className="stack" aria-label="Activity">
          <ol className="audit-feed">
            {data.data.map((entry) => (
              <Entry key={entry.id} entry={entry} onDistrict={(id) => update({ district_id: String(id) })} onPerson={(email) => update({ actor: email })} />
            ))}
          </ol>
          <nav className="ops-pager" aria-label="Activity pages">
            {cursor && <Button variant="secondary" onClick={() => update({ cursor: '' })}>Newest</Button>}
            {data.meta.next_cursor && (
              <Button variant="secondary" onClick={() => update({ cursor: data.meta.next_cursor! }, { keepPage: true })}>Older</Button>
            )}
          </nav>
        </section>
      ) : null}
    </div>
  );
}
