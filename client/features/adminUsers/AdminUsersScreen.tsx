// /admin/users (Users): every login across districts and Coachwell staff, for provider staff who work
// in it all day: a dense table with search, filters and sort in the URL, pagination, and row actions
// (impersonate, resend invite, deactivate, reactivate). The server checks every action again.
import type { Locale } from 'date-fns';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { hasPermission, PERMISSIONS } from '../../../common/permissions';
import { ADMIN_USER_SORTS, type AdminUser } from '../../../common/schemas/adminUsers';
import { plural, pluralWord } from '../../../common/plural';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { SortHeader } from '../../components/SortHeader';
import { LoadingBlock } from '../../components/Spinner';
import { useAuthUser, useDateLocale, useInstantFormat } from '../../lib/session';
import { type AdminUserQuery, useAdminUsers } from './api';
import { AdminUserActions } from './components/AdminUserActions';
import { DEFAULT_ADMIN_USER_FILTERS, AdminUserFilters, type AdminUserFilterValues } from './components/AdminUserFilters';
import { AdminUserStatus, LastSignIn } from './components/AdminUserStatus';

const PER_PAGE = 50;

function readQuery(params: URLSearchParams): AdminUserQuery {
  const page = Number(params.get('page'));
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
    page: Number.isInteger(page) && page > 1 && page <= 100_000 ? page : 1,
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
    <div className={['table-wrap', 'au-table-wrap', busy && 'is-busy'].filter(Boolean).join(' ')} aria-busy={busy || undefined}>
      <table className="table table--stack au-table">
        <caption className="sr-only">Users</caption>
        <thead>
          <tr>
            <SortHeader label="Name" column="name" sort={sort} onSort={onSort} />
            <SortHeader label="District" column="district" sort={sort} onSort={onSort} />
            <th scope="col">Roles</th>
            <th scope="col">Status</th>
            <SortHeader label="Last sign-in" column="last_login_at" sort={sort} onSort={onSort} firstDescending />
            <SortHeader label="Created" column="created_at" sort={sort} onSort={onSort} firstDescending />
            <th scope="col"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id} className="au-table__row">
              <th scope="row" className="au-table__person">
                <span className="au-table__name">
                  {u.name}
                  {u.id === selfId && <span className="badge badge--primary">You</span>}
                </span>
                <span className="au-table__email">{u.email}</span>
              </th>
              <Cell label="District">
                {u.district ? (
                  <span className="au-district">
                    {u.district.name}
                    {u.district.status === 'suspended' && <span className="badge badge--danger">Suspended</span>}
                  </span>
                ) : (
                  <span className="badge badge--primary">Coachwell staff</span>
                )}
              </Cell>
              <Cell label="Roles">
                {u.roles.length ? <ul className="au-roles">{u.roles.map((r) => <li key={r.name}>{r.label}</li>)}</ul> : <span className="muted">No role</span>}
              </Cell>
              <Cell label="Status"><AdminUserStatus user={u} locale={locale} /></Cell>
              <Cell label="Last sign-in"><LastSignIn value={u.last_login_at} locale={locale} /></Cell>
              <Cell label="Created"><time className="au-table__date" dateTime={u.created_at}>{when.date(u.created_at)}</time></Cell>
              <Cell label="Actions" className="table__actions au-table__actions">
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
      </table>
    </div>
  );
}

export default function AdminUsersScreen({ route }: ScreenProps) {
  const { user: me } = useAuthUser();
  const locale = useDateLocale();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const { data, error, isLoading, isValidating, mutate } = useAdminUsers(query, PER_PAGE);

  const update = useCallback((patch: Partial<AdminUserQuery>, options?: { replace?: boolean }) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries({ page: 1, ...patch })) {
        const isDefault = value === '' || (key === 'page' && value === 1) || (key === 'sort' && value === 'name');
        if (isDefault) next.delete(key);
        else next.set(key, String(value));
      }
      return next;
      // flushSync: the chosen option shows at once, and the next change starts from this address (without it, a
      // filter changed before React re-rendered was applied to the old one: docs/ARCHITECTURE.md, filters in the URL).
    }, { ...options, flushSync: true });
  }, [setParams]);

  const filters: AdminUserFilterValues = {
    search: query.search, district_id: query.district_id, role: query.role, status: query.status, area: query.area,
  };
  const filtered = Object.entries(filters).some(([key, value]) => value !== DEFAULT_ADMIN_USER_FILTERS[key as keyof AdminUserFilterValues]);
  const total = data?.meta.total ?? 0;

  return (
    <div className="stack stack--lg au-page">
      <PageHeader
        title={route.title}
        description={
          <p>
            Every login in every district, and Coachwell staff. Impersonate a district user to see what they see; deactivate
            someone to sign them out everywhere. Coachwell staff are managed in{' '}
            <Link to="/admin/settings/users">Admin user settings</Link>.
          </p>
        }
      />
      <AdminUserFilters filters={filters} onChange={update} />
      {error && !data ? (
        <Alert tone="danger" title="Uh-oh.">
          <p>{error.status === 422 ? error.message : 'An error occurred while fetching users. Please try again later.'}</p>
          <p><Button variant="secondary" size="sm" onClick={() => (error.status === 422 ? update({ ...DEFAULT_ADMIN_USER_FILTERS, sort: 'name' }) : void mutate())}>
            {error.status === 422 ? 'Clear filters' : 'Try again'}
          </Button></p>
        </Alert>
      ) : isLoading && !data ? (
        <LoadingBlock label="Loading users…" />
      ) : data && data.data.length === 0 ? (
        <EmptyState
          title={filtered ? 'No users match these filters' : 'No users on this page'}
          action={<Button variant="secondary" onClick={() => update(DEFAULT_ADMIN_USER_FILTERS)}>{filtered ? 'Clear filters' : 'First page'}</Button>}
        >
          <p>{filtered ? 'Try another name or email, or widen the district, role, status or area.' : 'There are fewer users than this page would show.'}</p>
        </EmptyState>
      ) : data ? (
        <section className="stack au-results" aria-labelledby="au-count">
          <p id="au-count" className="muted text-sm au-results__count" aria-live="polite">
            {plural(total, 'user', 'users')}
            {filtered ? ` ${pluralWord(total, 'matches', 'match')} your filters` : ''}
          </p>
          <AdminUserTable
            users={data.data}
            sort={query.sort}
            onSort={(sort) => update({ sort })}
            selfId={me?.id}
            permissions={me?.security.permissions ?? []}
            locale={locale}
            busy={isValidating && !isLoading}
          />
          <Pager page={data.meta.page} lastPage={data.meta.last_page} onChange={(page) => update({ page })} />
        </section>
      ) : null}
    </div>
  );
}
