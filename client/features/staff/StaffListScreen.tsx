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
  if (self.error && !self.data) return <LoadError what="your profile" onRetry={() => void self.mutate()} />;
  if (!self.data) return <LoadingBlock />;
  return (
    <div className="stack">
      <PageHeader title="Your profile" />
      <Alert tone="info" title="Your profile is not linked yet">
        <p>Your login is not linked to an educator on your district's roster. Ask your district administrator to send you the invitation from your educator profile.</p>
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
        .map((g) => ({ id: g.id, name: g.name, note: g.deleted_at ? 'deactivated' : undefined }))
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
  const countText = meta ? resultCountText(meta, rows.length) : 'Loading educators…';

  // A page past the end (e.g. after filtering from a bookmarked page 3): go to the last page.
  const pastEnd = meta && rows.length === 0 && meta.total > 0 && filters.page > meta.last_page ? meta.last_page : null;
  useEffect(() => {
    if (pastEnd !== null) go(withChange(filters, { page: pastEnd }), { replace: true });
  }, [pastEnd, filters, go]);

  const header = (
    <PageHeader
      title="Educators"
      description={
        <p>
          {selfOnly
            ? 'Your profile as your district sees it.'
            : access.seeScope === 'district'
              ? 'Everyone on your district’s roster: find an educator, see their school, coach and groups.'
              : 'Educators at your schools: find an educator, see their coach and groups.'}
        </p>
      }
      actions={
        access.canAdd ? (
          <ButtonLink to="/app/staff/create">
            <PlusIcon />
            Add educators
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
          <Alert tone="danger" title="We couldn’t load educators">
            <p>{error.message}</p>
            <Button variant="secondary" size="sm" onClick={() => void mutate()}>
              Try again
            </Button>
          </Alert>
        ) : !data && (isLoading || answer.data !== undefined) ? (
          <LoadingBlock label="Loading educators…" />
        ) : rows.length === 0 ? (
          filtered || filters.status !== 'active' ? (
            <EmptyState
              title="No educators match these filters"
              action={
                <Button variant="secondary" onClick={clear}>
                  Clear filters
                </Button>
              }
            >
              <p>Try a shorter search, another school, or include inactive educators.</p>
            </EmptyState>
          ) : (
            <EmptyState
              title="No educators yet"
              action={access.canAdd ? <ButtonLink to="/app/staff/create">Add educators</ButtonLink> : undefined}
            >
              <p>{access.canAdd ? 'Add your school’s educators to start coaching with Coachwell.' : 'Educators your district adds will appear here.'}</p>
            </EmptyState>
          )
        ) : (
          <>
            <StaffTable
              rows={rows}
              sort={filters.sort}
              onSort={sortBy}
              caption="Educators"
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
