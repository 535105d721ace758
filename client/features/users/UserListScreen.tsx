// User settings (any login, spec §2). People with `manage coaches` get the district's logins with roles,
// schools, status and last login (GET /api/user requires it): they invite, edit, deactivate and
// reactivate. Everyone else gets their own login, roles and schools, read-only, and whom to ask.
import { useSearchParams } from 'react-router-dom';
import { PERMISSIONS, hasPermission } from '../../../common/permissions';
import type { ScreenProps } from '../../app/routeTable';
import { Button, ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ListResults } from '../../components/ListResults';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { readPage, useListUpdate } from '../../lib/listParams';
import { useAuthUser, useDateLocale } from '../../lib/session';
import { useUsers } from './api';
import { OwnUserSettings } from './components/OwnUserSettings';
import { DEFAULT_USER_FILTERS, UserFilters, type UserFilterValues } from './components/UserFilters';
import { UserTable } from './components/UserTable';
import { defineMessages, t } from '../../lib/i18n';
import { routeTitle } from '../../app/routeTitles';

const m = defineMessages({
  listCount: { id: 'users.listCount', defaultMessage: '{filtered, select, yes {{count, plural, one {# user matches your filters} other {# users match your filters}}} other {{count, plural, one {# user} other {# users}}}}' },
  listLoading: { id: 'users.listLoading', defaultMessage: 'Loading users…' },
  listLoadError: { id: 'users.listLoadError', defaultMessage: 'An error occurred while fetching users. Please try again later.' },
  listIntro: { id: 'users.listIntro', defaultMessage: 'Everyone in your district who signs in to Coachwell. Invite people, choose their roles and schools, and turn off access when someone leaves.' },
  invite: { id: 'users.invite', defaultMessage: 'Invite user' },
  noMatch: { id: 'users.noMatch', defaultMessage: 'No users match these filters' },
  clearFilters: { id: 'users.clearFilters', defaultMessage: 'Clear filters' },
  noMatchBody: { id: 'users.noMatchBody', defaultMessage: 'Try another name or email, or show every role and status.' },
  emptyTitle: { id: 'users.emptyTitle', defaultMessage: 'No users yet' },
  emptyBody: { id: 'users.emptyBody', defaultMessage: 'Invite coaches, principals and educators so they can sign in.' },
  caption: { id: 'users.caption', defaultMessage: 'District users' },
});

const PER_PAGE = 25;
const URL_DEFAULTS = { status: DEFAULT_USER_FILTERS.status };

function readFilters(params: URLSearchParams): UserFilterValues & { page: number } {
  return {
    search: params.get('search') ?? DEFAULT_USER_FILTERS.search,
    role: params.get('role') ?? DEFAULT_USER_FILTERS.role,
    status: params.get('status') ?? DEFAULT_USER_FILTERS.status,
    page: readPage(params),
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
  const [params] = useSearchParams();
  const filters = readFilters(params);
  const list = useUsers({ ...filters, per_page: PER_PAGE });
  const update = useListUpdate<UserFilterValues>(URL_DEFAULTS);

  const filtered = filters.search !== '' || filters.role !== '' || filters.status !== DEFAULT_USER_FILTERS.status;

  return (
    <div className="stack stack--lg users-page">
      <PageHeader
        title={routeTitle(route)}
        description={
          <p>{t(m.listIntro)}</p>
        }
        actions={<ButtonLink to="/app/settings/user/new">{t(m.invite)}</ButtonLink>}
      />
      <UserFilters filters={filters} onChange={update} />
      <ListResults
        list={list} messages={{ count: m.listCount, loading: m.listLoading, loadError: m.listLoadError }} filtered={filtered} onPage={(page) => update({ page })}
        empty={filtered ? (
          <EmptyState title={t(m.noMatch)} action={<Button variant="secondary" onClick={() => update(DEFAULT_USER_FILTERS)}>{t(m.clearFilters)}</Button>}>
            <p>{t(m.noMatchBody)}</p>
          </EmptyState>
        ) : (
          <EmptyState title={t(m.emptyTitle)} action={<ButtonLink to="/app/settings/user/new">{t(m.invite)}</ButtonLink>}>
            <p>{t(m.emptyBody)}</p>
          </EmptyState>
        )}
      >
        {(rows) => <UserTable users={rows} selfId={selfId} canManage locale={locale} caption={t(m.caption)} />}
      </ListResults>
    </div>
  );
}
