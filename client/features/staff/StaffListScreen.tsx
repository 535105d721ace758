// /app/staff — Educators: search, filters (kept in the URL so a view can be bookmarked and shared),
// sortable table, result count and pager. Groups live next door at /app/staff/groups.
import { useCallback, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { hasPermission, PERMISSIONS } from '../../../common/permissions';
import { isEducator } from '../../app/navigation';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { Button, ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { PlusIcon } from '../../components/Icons';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { LoadingBlock } from '../../components/Spinner';
import { useCoaches, useGroups, useOwnEducator } from '../../lib/lookups';
import { useAuthUser } from '../../lib/session';
import { staffAccess, useSchoolOptions } from './access';
import { useStaffList } from './api';
import { type FilterOption, StaffFilters } from './components/StaffFilters';
import { StaffTable } from './components/StaffTable';
import { StaffTabs } from './components/StaffTabs';
import {
  clearFilters, filtersFromSearch, filtersToSearch, hasAnyFilter, resultCountText, type StaffFilters as Filters,
  toApiQuery, withChange,
} from './staffQuery';
import { defineMessages, t } from '../../lib/i18n';

const m = defineMessages({
  noteDeactivated: { id: 'staff.noteDeactivated', defaultMessage: 'deactivated' },
  yourProfileLoadError: { id: 'staff.yourProfileLoadError', defaultMessage: 'An error occurred while fetching your profile. Please try again later.' },
  yourProfile: { id: 'staff.yourProfile', defaultMessage: 'Your profile' },
  notLinkedTitle: { id: 'staff.notLinkedTitle', defaultMessage: 'Your profile is not linked yet' },
  notLinkedBody: { id: 'staff.notLinkedBody', defaultMessage: 'Your login is not linked to an educator on your district\'s roster. Ask your district administrator to send you the invitation from your educator profile.' },
  loading: { id: 'staff.loading', defaultMessage: 'Loading educators…' },
  title: { id: 'staff.title', defaultMessage: 'Educators' },
  descSelf: { id: 'staff.descSelf', defaultMessage: 'Your profile as your district sees it.' },
  descDistrict: { id: 'staff.descDistrict', defaultMessage: 'Everyone on your district’s roster: find an educator, see their school, coach and groups.' },
  descBuilding: { id: 'staff.descBuilding', defaultMessage: 'Educators at your schools: find an educator, see their coach and groups.' },
  add: { id: 'staff.add', defaultMessage: 'Add educators' },
  loadFailed: { id: 'staff.loadFailed', defaultMessage: 'We couldn’t load educators' },
  tryAgain: { id: 'staff.tryAgain', defaultMessage: 'Try again' },
  noMatchTitle: { id: 'staff.noMatchTitle', defaultMessage: 'No educators match these filters' },
  clearFilters: { id: 'staff.clearFilters', defaultMessage: 'Clear filters' },
  noMatchBody: { id: 'staff.noMatchBody', defaultMessage: 'Try a shorter search, another school, or include inactive educators.' },
  emptyTitle: { id: 'staff.emptyTitle', defaultMessage: 'No educators yet' },
  emptyAdd: { id: 'staff.emptyAdd', defaultMessage: 'Add your school’s educators to start coaching with Coachwell.' },
  emptyWait: { id: 'staff.emptyWait', defaultMessage: 'Educators your district adds will appear here.' },
});

/** An educator's "Educators" is their own profile (their menu's "Your profile"): the list would hold only them. */
export default function StaffListScreen(props: ScreenProps) {
  const { user } = useAuthUser();
  if (user && isEducator(user.security.permissions)) return <OwnProfile />;
  return <StaffList {...props} />;
}

function OwnProfile() {
  const self = useOwnEducator();
  const own = self.data?.[0];
  if (own) return <Navigate replace to={`/app/staff/${own.id}`} />;
  if (self.error && !self.data) return <LoadError message={t(m.yourProfileLoadError)} onRetry={() => void self.mutate()} />;
  if (!self.data) return <LoadingBlock />;
  return (
    <div className="stack">
      <PageHeader title={t(m.yourProfile)} />
      <Alert tone="info" title={t(m.notLinkedTitle)}>
        <p>{t(m.notLinkedBody)}</p>
      </Alert>
    </div>
  );
}

function StaffList(_props: ScreenProps) {
  const { user } = useAuthUser();
  const access = staffAccess(user);
  const location = useLocation();
  const navigate = useNavigate();
  const resultsRef = useRef<HTMLParagraphElement>(null);

  const filters = useMemo(() => filtersFromSearch(new URLSearchParams(location.search)), [location.search]);
  const query = useMemo(() => toApiQuery(filters), [filters]);
  const answer = useStaffList(query);
  const { error, isLoading, mutate } = answer;
  // The list renders from a deferred copy: SWR's update is synchronous, and rendering a page of rows at
  // once is a long task on a slow phone; deferred, React renders it in slices while the page stays responsive.
  const data = useDeferredValue(answer.data);

  const selfOnly = access.seeScope === 'self';
  const { schools } = useSchoolOptions(selfOnly ? null : access.seeScope);
  const canSeeCoaches = !!user && hasPermission(user.security.permissions, PERMISSIONS.seeCoaches);
  const groupsAnswer = useGroups({ status: 'all' }, !selfOnly);
  const coachesAnswer = useCoaches(!selfOnly && canSeeCoaches);

  const groups: FilterOption[] | null = groupsAnswer.data
    ? [...groupsAnswer.data.data]
        .sort((a, b) => Number(!!a.deleted_at) - Number(!!b.deleted_at) || a.name.localeCompare(b.name))
        .map((g) => ({ id: g.id, name: g.name, note: g.deleted_at ? t(m.noteDeactivated) : undefined }))
    : null;
  const coaches: FilterOption[] | null = coachesAnswer.data
    ? [...coachesAnswer.data.data].sort((a, b) => a.name.localeCompare(b.name)).map((c) => ({ id: c.id, name: c.name }))
    : null;

  const go = useCallback(
    (next: Filters, options: { replace?: boolean } = {}) => {
      navigate({ pathname: location.pathname, search: filtersToSearch(next) }, { replace: options.replace, flushSync: true });
    },
    [navigate, location.pathname],
  );

  const clear = () => go(clearFilters(filters));
  // Stable, so the (memoised) table does not render again as each lookup (schools, groups, coaches) arrives.
  const sortBy = useCallback((sort: Filters['sort']) => go(withChange(filters, { sort })), [go, filters]);
  const filtered = hasAnyFilter(filters);
  const rows = data?.data ?? [];
  const meta = data?.meta;
  const countText = meta ? resultCountText(meta, rows.length) : t(m.loading);

  // A page past the end (e.g. after filtering from a bookmarked page 3): go to the last page.
  const pastEnd = meta && rows.length === 0 && meta.total > 0 && filters.page > meta.last_page ? meta.last_page : null;
  useEffect(() => {
    if (pastEnd !== null) go(withChange(filters, { page: pastEnd }), { replace: true });
  }, [pastEnd, filters, go]);

  const header = (
    <PageHeader
      title={t(m.title)}
      description={
        <p>
          {selfOnly
            ? t(m.descSelf)
            : access.seeScope === 'district'
              ? t(m.descDistrict)
              : t(m.descBuilding)}
        </p>
      }
      actions={
        access.canAdd ? (
          <ButtonLink to="/app/staff/create">
            <PlusIcon />
            {t(m.add)}
          </ButtonLink>
        ) : undefined
      }
    />
  );

  return (
    <div className="stack staff-page">
      {header}
      {!selfOnly && <StaffTabs />}
      {!selfOnly && (
        <StaffFilters filters={filters} onChange={go} onClear={clear} schools={schools} groups={groups} coaches={coaches} />
      )}

      <div className="staff-results">
        <div className="cluster cluster--between staff-results__bar">
          <p className="staff-results__count" ref={resultsRef} tabIndex={-1} aria-live="polite" aria-atomic="true">
            {countText}
          </p>
        </div>

        {error && !data ? (
          <Alert tone="danger" title={t(m.loadFailed)}>
            <p>{error.message}</p>
            <Button variant="secondary" size="sm" onClick={() => void mutate()}>
              {t(m.tryAgain)}
            </Button>
          </Alert>
        ) : !data && (isLoading || answer.data !== undefined) ? (
          <LoadingBlock label={t(m.loading)} />
        ) : rows.length === 0 ? (
          filtered || filters.status !== 'active' ? (
            <EmptyState
              title={t(m.noMatchTitle)}
              action={
                <Button variant="secondary" onClick={clear}>
                  {t(m.clearFilters)}
                </Button>
              }
            >
              <p>{t(m.noMatchBody)}</p>
            </EmptyState>
          ) : (
            <EmptyState
              title={t(m.emptyTitle)}
              action={access.canAdd ? <ButtonLink to="/app/staff/create">{t(m.add)}</ButtonLink> : undefined}
            >
              <p>{access.canAdd ? t(m.emptyAdd) : t(m.emptyWait)}</p>
            </EmptyState>
          )
        ) : (
          <>
            <StaffTable
              rows={rows}
              sort={filters.sort}
              onSort={sortBy}
              caption={t(m.title)}
              busy={isLoading && !!data}
            />
            {meta && (
              <Pager
                page={meta.page}
                lastPage={meta.last_page}
                onChange={(page) => {
                  go(withChange(filters, { page }));
                  resultsRef.current?.focus({ preventScroll: true });
                  resultsRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
                }}
              />
            )}
          </>
        )}
      </div>
    </div>
  );
}
