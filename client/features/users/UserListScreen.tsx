// User settings (any login, spec §2). People with `manage coaches` get the district's logins with roles,
// schools, status and last login (GET /api/user requires it): they invite, edit, deactivate and
// reactivate. Everyone else gets their own login, roles and schools, read-only, and whom to ask.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PERMISSIONS, hasPermission } from '../../../common/permissions';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { Button, ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { LoadingBlock } from '../../components/Spinner';
import { useAuthUser, useDateLocale } from '../../lib/session';
import { useUsers } from './api';
import { OwnUserSettings } from './components/OwnUserSettings';
import { DEFAULT_USER_FILTERS, UserFilters, type UserFilterValues } from './components/UserFilters';
import { UserTable } from './components/UserTable';
import { plural, pluralWord } from '../../../common/plural';

const PER_PAGE = 25;

function readFilters(params: URLSearchParams): UserFilterValues & { page: number } {
  const page = Number(params.get('page'));
  return {
    search: params.get('search') ?? DEFAULT_USER_FILTERS.search,
    role: params.get('role') ?? DEFAULT_USER_FILTERS.role,
    status: params.get('status') ?? DEFAULT_USER_FILTERS.status,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export default function UserListScreen({ route }: ScreenProps) {
  const { user: me } = useAuthUser();
  if (!me) return <LoadingBlock />;
  return hasPermission(me.security.permissions, PERMISSIONS.manageCoaches)
    ? <DistrictUserList route={route} selfId={me.id} />
    : <OwnUserSettings route={route} />;
}

/** The district's logins, for people who manage them. */
function DistrictUserList({ route, selfId }: ScreenProps & { selfId: number }) {
  const locale = useDateLocale();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const { data, error, isLoading, mutate } = useUsers({ ...filters, per_page: PER_PAGE });

  const update = useCallback((patch: Partial<UserFilterValues> & { page?: number }, options?: { replace?: boolean }) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries({ page: 1, ...patch })) {
        const isDefault = value === '' || (key === 'page' && value === 1) || (key === 'status' && value === DEFAULT_USER_FILTERS.status);
        if (isDefault) next.delete(key);
        else next.set(key, String(value));
      }
      return next;
    }, options);
  }, [setParams]);

  const filtered = filters.search !== '' || filters.role !== '' || filters.status !== DEFAULT_USER_FILTERS.status;
  const total = data?.meta.total ?? 0;

  return (
    <div className="stack stack--lg users-page">
      <PageHeader
        title={route.title}
        description={
          <p>Everyone in your district who signs in to Coachwell. Invite people, choose their roles and schools, and turn off access when someone leaves.</p>
        }
        actions={<ButtonLink to="/app/settings/user/new">Invite user</ButtonLink>}
      />
      <UserFilters filters={filters} onChange={update} />
      {error && !data ? (
        <Alert tone="danger" title="Uh-oh.">
          <p>An error occurred while fetching users. Please try again later.</p>
          <p><Button variant="secondary" size="sm" onClick={() => void mutate()}>Try again</Button></p>
        </Alert>
      ) : isLoading && !data ? (
        <LoadingBlock label="Loading users…" />
      ) : data && data.data.length === 0 ? (
        filtered ? (
          <EmptyState title="No users match these filters" action={<Button variant="secondary" onClick={() => update(DEFAULT_USER_FILTERS)}>Clear filters</Button>}>
            <p>Try another name or email, or show every role and status.</p>
          </EmptyState>
        ) : (
          <EmptyState title="No users yet" action={<ButtonLink to="/app/settings/user/new">Invite user</ButtonLink>}>
            <p>Invite coaches, principals and educators so they can sign in.</p>
          </EmptyState>
        )
      ) : data ? (
        <section className="stack users-results" aria-labelledby="users-count">
          <p id="users-count" className="muted text-sm users-results__count" aria-live="polite">
            {plural(total, 'user', 'users')}
            {filtered ? ` ${pluralWord(total, 'matches', 'match')} your filters` : ''}
          </p>
          <UserTable users={data.data} selfId={selfId} canManage locale={locale} caption="District users" />
          <Pager page={data.meta.page} lastPage={data.meta.last_page} onChange={(page) => update({ page })} />
        </section>
      ) : null}
    </div>
  );
}
