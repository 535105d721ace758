// Logs: client errors, server errors and security events, one tab each; filters, the page and the
// open entry live in the URL. The retention setting sits under the header.
import { useCallback } from 'react';
import { LOG_KINDS, SECURITY_EVENT_KINDS, SECURITY_EVENT_LABELS, type LogEntry, type LogKind } from '../../../common/schemas/adminOps';
import type { ScreenProps } from '../../app/routeTable';
import { LoadError } from '../../components/LoadError';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { SelectField, TextField } from '../../components/Field';
import { FilterBar, FilterText } from '../../components/FilterBar';
import { NavTabs } from '../../components/NavTabs';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { LoadingBlock } from '../../components/Spinner';
import { formatDay } from '../../lib/dates';
import { formatInteger, formatRelative } from '../../lib/format';
import { useDateLocale, useInstantFormat } from '../../lib/session';
import { useLogs } from './api';
import { LogDetailDialog } from './components/LogDetailDialog';
import { RetentionSetting } from './components/RetentionSetting';
import { filterChips, useUrlFilters } from './urlFilters';
import { TableHead } from '../../components/Table';

const KEYS = ['kind', 'search', 'district_id', 'user', 'from', 'to', 'security_kind'] as const;
const TAB_LABELS: Record<LogKind, string> = { client: 'Client errors', server: 'Server errors', security: 'Security events' };
const TAB_NAMES: Record<LogKind, string> = { client: 'Client errors', server: 'Server errors', security: 'Security' };
const SECURITY_OPTIONS = SECURITY_EVENT_KINDS.map((k) => ({ value: k, label: SECURITY_EVENT_LABELS[k] }));

function LogRows({ kind, rows, onOpen, onDistrict }: { kind: LogKind; rows: LogEntry[]; onOpen: (id: number) => void; onDistrict: (id: number) => void }) {
  const locale = useDateLocale();
  const when = useInstantFormat();
  return (
    <div className="table-wrap" role="region" aria-label={TAB_LABELS[kind]} tabIndex={0}>
      <table className="table log-table">
        <caption className="sr-only">{TAB_LABELS[kind]}, newest first</caption>
        <TableHead columns={['When', kind === 'security' ? 'Event' : 'Message', kind === 'client' ? 'URL' : 'Path', 'User and district', { label: 'Details', hidden: true }]} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td data-label="When" className="log-table__when">
                <time dateTime={row.at} title={when.dateTime(row.at)}>{formatRelative(row.at, locale)}</time>
              </td>
              <td data-label={kind === 'security' ? 'Event' : 'Message'} className="log-table__message">
                {kind === 'security' && row.security_kind ? (
                  <>
                    <span className={`badge ${row.security_kind === 'failed-sign-in' ? 'badge--warning' : 'badge--neutral'}`}>{SECURITY_EVENT_LABELS[row.security_kind]}</span>{' '}
                    {row.email ?? ''}
                    {row.ip && <span className="muted"> · {row.ip}</span>}
                  </>
                ) : (
                  row.message
                )}
              </td>
              <td data-label={kind === 'client' ? 'URL' : 'Path'} className="log-table__url">
                {row.method ? `${row.method} ` : ''}{row.url ?? '—'}
              </td>
              <td data-label="User and district">
                {row.user ? <span className="log-table__user">{row.user.email}</span> : <span className="muted">{kind === 'security' ? 'Not signed in' : 'Guest'}</span>}
                {row.district && (
                  <Button variant="ghost" size="sm" className="log-table__district" onClick={() => onDistrict(row.district!.id)}>
                    {row.district.name}<span className="sr-only">: show only this district</span>
                  </Button>
                )}
              </td>
              <td className="log-table__open">
                <Button variant="secondary" size="sm" onClick={() => onOpen(row.id)}>Details<span className="sr-only"> of entry {row.id}</span></Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function LogsScreen({ route }: ScreenProps) {
  const { values, params, update } = useUrlFilters(KEYS);
  const kind: LogKind = (LOG_KINDS as readonly string[]).includes(values.kind) ? (values.kind as LogKind) : 'client';
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1;
  const openParam = Number(params.get('open'));
  const openId = Number.isInteger(openParam) && openParam > 0 ? openParam : null;
  const { data, error, isLoading, mutate } = useLogs(kind, values, page);
  const filtered = (['search', 'district_id', 'user', 'from', 'to'] as const).some((k) => values[k] !== '') || (kind === 'security' && values.security_kind !== '');
  const districtName = data?.data.find((e) => String(e.district?.id) === values.district_id)?.district?.name;
  const setSearch = useCallback((search: string) => update({ search: search.trim() }, { replace: true }), [update]);
  const setUser = useCallback((user: string) => update({ user: user.trim() }, { replace: true }), [update]);
  const locale = useDateLocale();
  const chips = filterChips([
    ['search', 'Search', values.search],
    ['user', 'User', values.user],
    ['security_kind', 'Kind', kind === 'security' && values.security_kind && (SECURITY_OPTIONS.find((o) => o.value === values.security_kind)?.label ?? values.security_kind)],
    ['from', 'From', formatDay(values.from, locale)],
    ['to', 'To', formatDay(values.to, locale)],
    ['district_id', 'District', values.district_id && (districtName ?? `#${values.district_id}`)],
  ], (key) => update({ [key]: '' }));
  const tabLink = (k: LogKind) => {
    const next = new URLSearchParams(params);
    next.set('kind', k);
    for (const key of ['page', 'open', 'security_kind']) next.delete(key);
    return `?${next.toString()}`;
  };

  return (
    <div className="stack stack--lg admin-ops">
      <PageHeader
        title={route.title}
        description={<p>Errors from browsers and from the server, and security events: failed sign-ins, rate limits and refused requests.</p>}
      />
      <RetentionSetting />
      <NavTabs label="Logs" tabs={LOG_KINDS.map((k) => ({ key: k, to: tabLink(k), label: TAB_NAMES[k], current: k === kind }))} />
      <FilterBar label="Filter the log" search={values.search} searchPlaceholder={kind === 'security' ? 'Email, path' : 'Message'}
        onSearch={setSearch} active={filtered} chips={chips}
        onClear={() => update({ search: '', district_id: '', user: '', from: '', to: '', security_kind: '' })}
        columns={`minmax(12rem, 1.5fr) minmax(11rem, 1.2fr) repeat(${kind === 'security' ? 3 : 2}, minmax(9rem, 1fr))`}>
        <FilterText label="User" name="user" value={values.user} placeholder="Name, email or ID" onChange={setUser} />
        {kind === 'security' && (
          <SelectField label="Kind" name="security_kind" value={values.security_kind} placeholder="All kinds" options={SECURITY_OPTIONS} onChange={(security_kind) => update({ security_kind })} />
        )}
        <TextField label="From" name="from" type="date" value={values.from} onChange={(from) => update({ from })} />
        <TextField label="To" name="to" type="date" value={values.to} onChange={(to) => update({ to })} />
      </FilterBar>
      {error && !data ? (
        <LoadError title="The log could not be loaded." what="the log" message={error.status === 422 ? error.message : 'Please try again.'} onRetry={() => void mutate()} />
      ) : isLoading && !data ? (
        <LoadingBlock label="Loading the log…" />
      ) : data && data.data.length === 0 ? (
        <EmptyState title={filtered ? 'Nothing matches these filters' : `No ${TAB_LABELS[kind].toLowerCase()}`}>
          <p>{filtered ? 'Try another search or date range.' : 'Good news: nothing was recorded in the retention period.'}</p>
        </EmptyState>
      ) : data ? (
        <section className="stack" aria-labelledby="log-count">
          <p id="log-count" className="muted text-sm" aria-live="polite">
            {data.meta.total === 1 ? '1 entry' : `${formatInteger(data.meta.total)} entries`}
          </p>
          <LogRows kind={kind} rows={data.data} onOpen={(id) => update({ open: String(id) }, { keepPage: true })} onDistrict={(id) => update({ district_id: String(id) })} />
          <Pager page={data.meta.page} lastPage={data.meta.last_page} onChange={(p) => update({ page: p > 1 ? String(p) : '' }, { keepPage: true })} />
        </section>
      ) : null}
      <LogDetailDialog kind={kind} id={openId} onClose={() => update({ open: '' }, { keepPage: true })} />
    </div>
  );
}
