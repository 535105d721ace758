// Logs: client errors, server errors and security events, one tab each; filters, the page and the
// open entry live in the URL. The retention setting sits under the header.
import { useCallback } from 'react';
import { LOG_KINDS, SECURITY_EVENT_KINDS, SECURITY_EVENT_LABELS, type LogEntry, type LogKind } from '../../../common/schemas/adminOps';
import type { ScreenProps } from '../../app/routeTable';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { SelectField, TextField } from '../../components/Field';
import { FilterBar, FilterText } from '../../components/FilterBar';
import { ListResults } from '../../components/ListResults';
import { NavTabs } from '../../components/NavTabs';
import { PageHeader } from '../../components/PageHeader';
import { formatDay } from '../../lib/dates';
import { formatRelative } from '../../lib/format';
import { defineMessages, t, tText } from '../../lib/i18n';
import { useDateLocale, useInstantFormat } from '../../lib/session';
import { useLogs } from './api';
import { LogDetailDialog } from './components/LogDetailDialog';
import { RetentionSetting } from './components/RetentionSetting';
import { filterChips, useUrlFilters } from './urlFilters';
import { TableHead } from '../../components/Table';

const KEYS = ['kind', 'search', 'district_id', 'user', 'from', 'to', 'security_kind'] as const;
const m = defineMessages({
  clientErrors: { id: 'adminOps.logs.clientErrors', defaultMessage: 'Client errors' },
  serverErrors: { id: 'adminOps.logs.serverErrors', defaultMessage: 'Server errors' },
  securityEvents: { id: 'adminOps.logs.securityEvents', defaultMessage: 'Security events' },
  security: { id: 'adminOps.logs.security', defaultMessage: 'Security' },
  caption: { id: 'adminOps.logs.caption', defaultMessage: '{what}, newest first' },
  when: { id: 'adminOps.logs.when', defaultMessage: 'When' },
  event: { id: 'adminOps.logs.event', defaultMessage: 'Event' },
  message: { id: 'adminOps.logs.message', defaultMessage: 'Message' },
  url: { id: 'adminOps.logs.url', defaultMessage: 'URL' },
  path: { id: 'adminOps.logs.path', defaultMessage: 'Path' },
  userAndDistrict: { id: 'adminOps.logs.userAndDistrict', defaultMessage: 'User and district' },
  details: { id: 'adminOps.details', defaultMessage: 'Details' },
  notSignedIn: { id: 'adminOps.logs.notSignedIn', defaultMessage: 'Not signed in' },
  guest: { id: 'adminOps.logs.guest', defaultMessage: 'Guest' },
  onlyThisDistrict: { id: 'adminOps.onlyThisDistrict', defaultMessage: ': show only this district' },
  ofEntry: { id: 'adminOps.logs.ofEntry', defaultMessage: ' of entry {id}' },
  search: { id: 'adminOps.logs.search', defaultMessage: 'Search' },
  user: { id: 'adminOps.logs.user', defaultMessage: 'User' },
  kind: { id: 'adminOps.logs.kind', defaultMessage: 'Kind' },
  from: { id: 'adminOps.from', defaultMessage: 'From' },
  to: { id: 'adminOps.to', defaultMessage: 'To' },
  district: { id: 'adminOps.district', defaultMessage: 'District' },
  districtNumber: { id: 'adminOps.districtNumber', defaultMessage: '#{id}' },
  description: { id: 'adminOps.logs.description', defaultMessage: 'Errors from browsers and from the server, and security events: failed sign-ins, rate limits and refused requests.' },
  tabs: { id: 'adminOps.logs.tabs', defaultMessage: 'Logs' },
  filterLabel: { id: 'adminOps.logs.filterLabel', defaultMessage: 'Filter the log' },
  searchSecurity: { id: 'adminOps.logs.searchSecurity', defaultMessage: 'Email, path' },
  userPlaceholder: { id: 'adminOps.logs.userPlaceholder', defaultMessage: 'Name, email or ID' },
  allKinds: { id: 'adminOps.logs.allKinds', defaultMessage: 'All kinds' },
  loadErrorTitle: { id: 'adminOps.logs.loadErrorTitle', defaultMessage: 'The log could not be loaded.' },
  tryAgain: { id: 'adminOps.tryAgain', defaultMessage: 'Please try again.' },
  loading: { id: 'adminOps.logs.loading', defaultMessage: 'Loading the log…' },
  noMatchTitle: { id: 'adminOps.logs.noMatchTitle', defaultMessage: 'Nothing matches these filters' },
  emptyClient: { id: 'adminOps.logs.emptyClient', defaultMessage: 'No client errors' },
  emptyServer: { id: 'adminOps.logs.emptyServer', defaultMessage: 'No server errors' },
  emptySecurity: { id: 'adminOps.logs.emptySecurity', defaultMessage: 'No security events' },
  noMatchText: { id: 'adminOps.logs.noMatchText', defaultMessage: 'Try another search or date range.' },
  emptyText: { id: 'adminOps.logs.emptyText', defaultMessage: 'Good news: nothing was recorded in the retention period.' },
  entries: { id: 'adminOps.logs.entries', defaultMessage: '{count, plural, one {# entry} other {# entries}}' },
});

const TAB_LABELS = () => ({ client: t(m.clientErrors), server: t(m.serverErrors), security: t(m.securityEvents) }) satisfies Record<LogKind, string>;
const TAB_NAMES = () => ({ client: t(m.clientErrors), server: t(m.serverErrors), security: t(m.security) }) satisfies Record<LogKind, string>;
const EMPTY_TITLES = () => ({ client: t(m.emptyClient), server: t(m.emptyServer), security: t(m.emptySecurity) }) satisfies Record<LogKind, string>;
const securityOptions = () => SECURITY_EVENT_KINDS.map((k) => ({ value: k, label: tText(SECURITY_EVENT_LABELS[k]) }));

function LogRows({ kind, rows, onOpen, onDistrict }: { kind: LogKind; rows: LogEntry[]; onOpen: (id: number) => void; onDistrict: (id: number) => void }) {
  const locale = useDateLocale();
  const when = useInstantFormat();
  return (
    <div className="table-wrap" role="region" aria-label={TAB_LABELS()[kind]} tabIndex={0}>
      <table className="table log-table">
        <caption className="sr-only">{t(m.caption, { what: TAB_LABELS()[kind] })}</caption>
        <TableHead columns={[t(m.when), kind === 'security' ? t(m.event) : t(m.message), kind === 'client' ? t(m.url) : t(m.path), t(m.userAndDistrict), { label: t(m.details), hidden: true }]} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td data-label={t(m.when)} className="log-table__when">
                <time dateTime={row.at} title={when.dateTime(row.at)}>{formatRelative(row.at, locale)}</time>
              </td>
              <td data-label={kind === 'security' ? t(m.event) : t(m.message)} className="log-table__message">
                {kind === 'security' && row.security_kind ? (
                  <>
                    <span className={`badge ${row.security_kind === 'failed-sign-in' ? 'badge--warning' : 'badge--neutral'}`}>{tText(SECURITY_EVENT_LABELS[row.security_kind])}</span>{' '}
                    {row.email ?? ''}
                    {row.ip && <span className="muted"> · {row.ip}</span>}
                  </>
                ) : (
                  row.message
                )}
              </td>
              <td data-label={kind === 'client' ? t(m.url) : t(m.path)} className="log-table__url">
                {row.method ? `${row.method} ` : ''}{row.url ?? '—'}
              </td>
              <td data-label={t(m.userAndDistrict)}>
                {row.user ? <span className="log-table__user">{row.user.email}</span> : <span className="muted">{kind === 'security' ? t(m.notSignedIn) : t(m.guest)}</span>}
                {row.district && (
                  <Button variant="ghost" size="sm" className="log-table__district" onClick={() => onDistrict(row.district!.id)}>
                    {row.district.name}<span className="sr-only">{t(m.onlyThisDistrict)}</span>
                  </Button>
                )}
              </td>
              <td className="log-table__open">
                <Button variant="secondary" size="sm" onClick={() => onOpen(row.id)}>{t(m.details)}<span className="sr-only">{t(m.ofEntry, { id: row.id })}</span></Button>
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
  const SECURITY_OPTIONS = securityOptions();
  const chips = filterChips([
    ['search', t(m.search), values.search],
    ['user', t(m.user), values.user],
    ['security_kind', t(m.kind), kind === 'security' && values.security_kind && (SECURITY_OPTIONS.find((o) => o.value === values.security_kind)?.label ?? values.security_kind)],
    ['from', t(m.from), formatDay(values.from, locale)],
    ['to', t(m.to), formatDay(values.to, locale)],
    ['district_id', t(m.district), values.district_id && (districtName ?? t(m.districtNumber, { id: values.district_id }))],
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
        description={<p>{t(m.description)}</p>}
      />
      <RetentionSetting />
      <NavTabs label={t(m.tabs)} tabs={LOG_KINDS.map((k) => ({ key: k, to: tabLink(k), label: TAB_NAMES()[k], current: k === kind }))} />
      <FilterBar label={t(m.filterLabel)} search={values.search} searchPlaceholder={kind === 'security' ? t(m.searchSecurity) : t(m.message)}
        onSearch={setSearch} active={filtered} chips={chips}
        onClear={() => update({ search: '', district_id: '', user: '', from: '', to: '', security_kind: '' })}
        columns={`minmax(12rem, 1.5fr) minmax(11rem, 1.2fr) repeat(${kind === 'security' ? 3 : 2}, minmax(9rem, 1fr))`}>
        <FilterText label={t(m.user)} name="user" value={values.user} placeholder={t(m.userPlaceholder)} onChange={setUser} />
        {kind === 'security' && (
          <SelectField label={t(m.kind)} name="security_kind" value={values.security_kind} placeholder={t(m.allKinds)} options={SECURITY_OPTIONS} onChange={(security_kind) => update({ security_kind })} />
        )}
        <TextField label={t(m.from)} name="from" type="date" value={values.from} onChange={(from) => update({ from })} />
        <TextField label={t(m.to)} name="to" type="date" value={values.to} onChange={(to) => update({ to })} />
      </FilterBar>
      <ListResults
        list={{ data, error, isLoading, mutate }} filtered={filtered}
        messages={{ count: m.entries, loading: m.loading, loadError: m.tryAgain, loadErrorTitle: m.loadErrorTitle }}
        onPage={(p) => update({ page: p > 1 ? String(p) : '' }, { keepPage: true })}
        empty={(
          <EmptyState title={filtered ? t(m.noMatchTitle) : EMPTY_TITLES()[kind]}>
            <p>{filtered ? t(m.noMatchText) : t(m.emptyText)}</p>
          </EmptyState>
        )}
      >
        {(rows) => <LogRows kind={kind} rows={rows} onOpen={(id) => update({ open: String(id) }, { keepPage: true })} onDistrict={(id) => update({ district_id: String(id) })} />}
      </ListResults>
      <LogDetailDialog kind={kind} id={openId} onClose={() => update({ open: '' }, { keepPage: true })} />
    </div>
  );
}
