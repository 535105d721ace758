// /admin/users (Users): every login across districts and Coachwell staff, for provider staff who work
// in it all day: a dense table with search, filters and sort in the URL, pagination, and row actions
// (impersonate, resend invite, deactivate, reactivate). The server checks every action again.
import type { Locale } from 'date-fns';
import { Link, useSearchParams } from 'react-router-dom';
import { hasPermission, PERMISSIONS } from '../../../common/permissions';
import { ADMIN_USER_SORTS, type AdminUser } from '../../../common/schemas/adminUsers';
import type { ScreenProps } from '../../app/routeTable';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ListResults } from '../../components/ListResults';
import { PageHeader } from '../../components/PageHeader';
import { SortHeader } from '../../components/SortHeader';
import { readPage, useListUpdate } from '../../lib/listParams';
import { defineMessages, t, tRich, tText } from '../../lib/i18n';
import { useAuthUser, useDateLocale, useInstantFormat } from '../../lib/session';
import { type AdminUserQuery, useAdminUsers } from './api';
import { AdminUserActions } from './components/AdminUserActions';
import { DEFAULT_ADMIN_USER_FILTERS, AdminUserFilters, type AdminUserFilterValues } from './components/AdminUserFilters';
import { UserStatus } from '../../components/UserStatus';
import { LastSignIn } from './components/LastSignIn';
import { PersonCell, TableFrame } from '../../components/Table';

const PER_PAGE = 50;

const m = defineMessages({
  listCount: { id: 'adminUsers.users.listCount', defaultMessage: '{filtered, select, yes {{count, plural, one {# user matches your filters} other {# users match your filters}}} other {{count, plural, one {# user} other {# users}}}}' },
  listLoading: { id: 'adminUsers.users.listLoading', defaultMessage: 'Loading users…' },
  listLoadError: { id: 'adminUsers.users.listLoadError', defaultMessage: 'An error occurred while fetching users. Please try again later.' },
  caption: { id: 'adminUsers.users.caption', defaultMessage: 'Users' },
  name: { id: 'adminUsers.name', defaultMessage: 'Name' },
  district: { id: 'adminUsers.district', defaultMessage: 'District' },
  roles: { id: 'adminUsers.users.roles', defaultMessage: 'Roles' },
  status: { id: 'adminUsers.status', defaultMessage: 'Status' },
  lastSignIn: { id: 'adminUsers.lastSignIn', defaultMessage: 'Last sign-in' },
  created: { id: 'adminUsers.users.created', defaultMessage: 'Created' },
  actions: { id: 'adminUsers.actions', defaultMessage: 'Actions' },
  suspended: { id: 'adminUsers.users.suspended', defaultMessage: 'Suspended' },
  coachwellStaff: { id: 'adminUsers.coachwellStaff', defaultMessage: 'Coachwell staff' },
  noRole: { id: 'adminUsers.noRole', defaultMessage: 'No role' },
  description: { id: 'adminUsers.users.description', defaultMessage: 'Every login in every district, and Coachwell staff. Impersonate a district user to see what they see; deactivate someone to sign them out everywhere. Coachwell staff are managed in <link>Admin user settings</link>.' },
  clearFilters: { id: 'adminUsers.users.clearFilters', defaultMessage: 'Clear filters' },
  noMatchTitle: { id: 'adminUsers.users.noMatchTitle', defaultMessage: 'No users match these filters' },
  emptyPageTitle: { id: 'adminUsers.users.emptyPageTitle', defaultMessage: 'No users on this page' },
  firstPage: { id: 'adminUsers.users.firstPage', defaultMessage: 'First page' },
  noMatchText: { id: 'adminUsers.users.noMatchText', defaultMessage: 'Try another name or email, or widen the district, role, status or area.' },
  emptyPageText: { id: 'adminUsers.users.emptyPageText', defaultMessage: 'There are fewer users than this page would show.' },
});
const URL_DEFAULTS = { sort: 'name' };

function readQuery(params: URLSearchParams): AdminUserQuery {
  const sort = params.get('sort') ?? 'name';
  const id = params.get('district_id') ?? '';
  const pick = (key: string, allowed: string[]) => {
    const value = params.get(key) ?? '';
    return allowed.includes(value) ? value : '';
  };
  return {
    search: params.get('search') ?? '',
    district_id: /^\d{1,15}$/.test(id) ? id : '',
    role: params.get('role') ?? '',
    status: pick('status', ['active', 'invited', 'disabled']),
    area: pick('area', ['app', 'admin']),
    sort: ADMIN_USER_SORTS.includes(sort) ? sort : 'name',
    page: readPage(params),
  };
}

function Cell({ label, className, children }: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <td className={['au-table__cell', className].filter(Boolean).join(' ')} data-label={label}>
      {children}
    </td>
  );
}

type TableProps = {
  users: AdminUser[];
  sort: string;
  onSort: (sort: string) => void;
  selfId: number | undefined;
  permissions: string[];
  locale?: Locale;
  busy: boolean;
};

function AdminUserTable({ users, sort, onSort, selfId, permissions, locale, busy }: TableProps) {
  const when = useInstantFormat();
  const canDistrict = hasPermission(permissions, PERMISSIONS.seeAllDistricts);
  const canStaff = hasPermission(permissions, PERMISSIONS.manageCoaches);
  const canImpersonate = hasPermission(permissions, PERMISSIONS.impersonate);
  return (
    <TableFrame caption={t(m.caption)} captionHidden stackOnPhone busy={busy} className="au-table" wrapClassName="au-table-wrap">
      <thead>
        <tr>
          <SortHeader label={t(m.name)} column="name" sort={sort} onSort={onSort} />
          <SortHeader label={t(m.district)} column="district" sort={sort} onSort={onSort} />
          <th scope="col">{t(m.roles)}</th>
          <th scope="col">{t(m.status)}</th>
          <SortHeader label={t(m.lastSignIn)} column="last_login_at" sort={sort} onSort={onSort} firstDescending />
          <SortHeader label={t(m.created)} column="created_at" sort={sort} onSort={onSort} firstDescending />
          <th scope="col"><span className="sr-only">{t(m.actions)}</span></th>
        </tr>
      </thead>
      <tbody>
        {users.map((u) => (
          <tr key={u.id} className="au-table__row">
            <PersonCell name={u.name} email={u.email} self={u.id === selfId} className="au-table__person" />
            <Cell label={t(m.district)} className="au-table__district">
              {u.district ? (
                <span className="au-district">
                  {u.district.name}
                  {u.district.status === 'suspended' && <span className="badge badge--danger">{t(m.suspended)}</span>}
                </span>
              ) : (
                <span className="badge badge--primary">{t(m.coachwellStaff)}</span>
              )}
            </Cell>
            <Cell label={t(m.roles)}>
              {u.roles.length ? <ul className="au-roles">{u.roles.map((r) => <li key={r.name}>{tText(r.label)}</li>)}</ul> : <span className="muted">{t(m.noRole)}</span>}
            </Cell>
            <Cell label={t(m.status)}><UserStatus user={u} /></Cell>
            <Cell label={t(m.lastSignIn)}><LastSignIn value={u.last_login_at} locale={locale} /></Cell>
            <Cell label={t(m.created)}><time className="au-table__date" dateTime={u.created_at}>{when.date(u.created_at)}</time></Cell>
            <Cell label={t(m.actions)} className="table__actions au-table__actions">
              <AdminUserActions
                user={u}
                isSelf={u.id === selfId}
                canChange={u.district ? canDistrict : canStaff}
                canImpersonate={canImpersonate}
              />
            </Cell>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}

export default function AdminUsersScreen({ route }: ScreenProps) {
  const { user: me } = useAuthUser();
  const locale = useDateLocale();
  const [params] = useSearchParams();
  const query = readQuery(params);
  const list = useAdminUsers(query, PER_PAGE);
  const update = useListUpdate<AdminUserQuery>(URL_DEFAULTS);

  const filters: AdminUserFilterValues = {
    search: query.search, district_id: query.district_id, role: query.role, status: query.status, area: query.area,
  };
  const filtered = Object.entries(filters).some(([key, value]) => value !== DEFAULT_ADMIN_USER_FILTERS[key as keyof AdminUserFilterValues]);

  return (
    <div className="stack stack--lg au-page">
      <PageHeader
        title={route.title}
        description={
          <p>{tRich(m.description, { link: (chunks) => <Link to="/admin/settings/users">{chunks}</Link> })}</p>
        }
      />
      <AdminUserFilters filters={filters} onChange={update} />
      <ListResults
        list={list} messages={{ count: m.listCount, loading: m.listLoading, loadError: m.listLoadError }} filtered={filtered} onPage={(page) => update({ page })}
        invalidAction={<Button variant="secondary" size="sm" onClick={() => update({ ...DEFAULT_ADMIN_USER_FILTERS, sort: 'name' })}>{t(m.clearFilters)}</Button>}
        empty={
          <EmptyState
            title={filtered ? t(m.noMatchTitle) : t(m.emptyPageTitle)}
            action={<Button variant="secondary" onClick={() => update(DEFAULT_ADMIN_USER_FILTERS)}>{filtered ? t(m.clearFilters) : t(m.firstPage)}</Button>}
          >
            <p>{filtered ? t(m.noMatchText) : t(m.emptyPageText)}</p>
          </EmptyState>
        }
      >
        {(rows) => (
          <AdminUserTable
            users={rows}
            sort={query.sort}
            onSort={(sort) => update({ sort })}
            selfId={me?.id}
            permissions={me?.security.permissions ?? []}
            locale={locale}
            busy={list.isValidating && !list.isLoading}
          />
        )}
      </ListResults>
    </div>
  );
}
