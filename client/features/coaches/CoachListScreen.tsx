import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { CoachListItem } from '../../../common/schemas/coaches';
import { hasPermission, PERMISSIONS } from '../../../common/permissions';
import type { ScreenProps } from '../../app/routeTable';
import { LoadError } from '../../components/LoadError';
import { ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { SearchField } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { formatRelative } from '../../lib/format';
import { useAuthUser, useDateLocale } from '../../lib/session';
import { useCoachList } from './api';
import { CoachStatus, schoolList } from './components/CoachStatus';
import { defineMessages, t, tRich } from '../../lib/i18n';
import { routeTitle } from '../../app/routeTitles';

const m = defineMessages({
  educators: { id: 'coaches.educators', defaultMessage: '{count, plural, one {# educator} other {# educators}}' },
  caseload: { id: 'coaches.caseload', defaultMessage: 'Caseload' },
  schools: { id: 'coaches.schools', defaultMessage: 'Schools' },
  noSchools: { id: 'coaches.noSchools', defaultMessage: 'No schools assigned' },
  lastSignIn: { id: 'coaches.lastSignIn', defaultMessage: 'Last sign-in' },
  notAccepted: { id: 'coaches.notAccepted', defaultMessage: 'Has not accepted the invitation yet' },
  never: { id: 'coaches.never', defaultMessage: 'Never' },
  listIntro: { id: 'coaches.listIntro', defaultMessage: 'Your coaching team, the schools each coach works in and the educators they support.' },
  invite: { id: 'coaches.invite', defaultMessage: 'Invite a coach' },
  coachesLoadError: { id: 'coaches.coachesLoadError', defaultMessage: 'An error occurred while fetching coaches. Please try again later.' },
  loading: { id: 'coaches.loading', defaultMessage: 'Loading coaches…' },
  emptyTitle: { id: 'coaches.emptyTitle', defaultMessage: 'No coaches yet' },
  emptyBody: { id: 'coaches.emptyBody', defaultMessage: 'Coaches are people with the coach role. Once a coach is invited, they appear here with their schools and caseload.' },
  find: { id: 'coaches.find', defaultMessage: 'Find a coach' },
  findPlaceholder: { id: 'coaches.findPlaceholder', defaultMessage: 'Name, email or school' },
  countShown: { id: 'coaches.countShown', defaultMessage: '{shown, number} of {total, plural, one {# coach} other {# coaches}}' },
  count: { id: 'coaches.count', defaultMessage: '{total, plural, one {# coach} other {# coaches}}' },
  noMatch: { id: 'coaches.noMatch', defaultMessage: 'No coach matches your search' },
  noMatchBody: { id: 'coaches.noMatchBody', defaultMessage: 'Try another name, email or school, or <clear>clear the search</clear>.' },
  listLabel: { id: 'coaches.listLabel', defaultMessage: 'Coaches' },
});

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? parts.at(-1)![0] : '')).toUpperCase();
}

const educators = (n: number) => t(m.educators, { count: n });

function CoachCard({ coach }: { coach: CoachListItem }) {
  const locale = useDateLocale();
  return (
    <li className="card coaches-card">
      <div className="coaches-card__head">
        <span className="disc coaches-card__avatar" aria-hidden="true">{initials(coach.name)}</span>
        <div className="coaches-card__who">
          <h2 className="coaches-card__name">
            <Link to={`/app/coaches/${coach.id}`}>{coach.name}</Link>
          </h2>
          <p className="coaches-card__email">{coach.email}</p>
        </div>
        <CoachStatus status={coach.status} />
      </div>
      <dl className="coaches-card__facts">
        <div>
          <dt>{t(m.caseload)}</dt>
          <dd className="coaches-card__count">{educators(coach.caseload_count)}</dd>
        </div>
        <div>
          <dt>{t(m.schools)}</dt>
          <dd>{coach.buildings.length ? schoolList(coach.buildings) : <span className="muted">{t(m.noSchools)}</span>}</dd>
        </div>
        <div>
          <dt>{t(m.lastSignIn)}</dt>
          <dd>
            {coach.last_login_at
              ? formatRelative(coach.last_login_at, locale)
              : <span className="muted">{coach.status === 'invited' ? t(m.notAccepted) : t(m.never)}</span>}
          </dd>
        </div>
      </dl>
    </li>
  );
}

export default function CoachListScreen({ route }: ScreenProps) {
  const { user } = useAuthUser();
  const { data, error, isLoading, mutate } = useCoachList();
  const [params, setParams] = useSearchParams();
  const inUrl = params.get('q') ?? '';
  // The box answers every keystroke at once; the URL (for links and reloads) follows it.
  const [search, setSearchText] = useState(inUrl);
  const pushed = useRef(new Set<string>());
  useEffect(() => {
    // Our own URL updates arrive late; only a change from elsewhere (back button, a link) replaces what is typed.
    if (pushed.current.delete(inUrl)) return;
    setSearchText(inUrl);
  }, [inUrl]);
  const canInvite = !!user && hasPermission(user.security.permissions, PERMISSIONS.manageCoaches);

  const setSearch = (value: string) => {
    setSearchText(value);
    if (value !== inUrl) pushed.current.add(value);
    const next = new URLSearchParams(params);
    if (value) next.set('q', value);
    else next.delete('q');
    setParams(next, { replace: true });
  };

  const coaches = data?.data ?? [];
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    if (!needle) return coaches;
    return coaches.filter((c) => [c.name, c.email, ...c.buildings.map((b) => b.name)].some((v) => v.toLowerCase().includes(needle)));
  }, [coaches, search]);

  return (
    <div className="stack stack--lg coaches-page">
      <PageHeader
        title={routeTitle(route)}
        description={<p>{t(m.listIntro)}</p>}
        actions={canInvite ? <ButtonLink to="/app/settings/user/new" variant="secondary">{t(m.invite)}</ButtonLink> : undefined}
      />

      {error && !data ? (
        <LoadError message={t(m.coachesLoadError)} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <LoadingBlock label={t(m.loading)} />
      ) : coaches.length === 0 ? (
        <EmptyState
          title={t(m.emptyTitle)}
          action={canInvite ? <ButtonLink to="/app/settings/user/new">{t(m.invite)}</ButtonLink> : undefined}
        >
          <p>{t(m.emptyBody)}</p>
        </EmptyState>
      ) : (
        <>
          <div className="cluster cluster--between coaches-toolbar">
            <SearchField
              className="coaches-toolbar__search"
              label={t(m.find)}
              name="q"
              value={search}
              onChange={setSearch}
              placeholder={t(m.findPlaceholder)}
            />
            <p className="muted text-sm coaches-toolbar__summary" aria-live="polite">
              {search
                ? t(m.countShown, { shown: shown.length, total: coaches.length })
                : t(m.count, { total: coaches.length })}
            </p>
          </div>
          {shown.length === 0 ? (
            <EmptyState title={t(m.noMatch)}>
              <p>{tRich(m.noMatchBody, { clear: (chunks) => <button type="button" className="btn-link" onClick={() => setSearch('')}>{chunks}</button> })}</p>
            </EmptyState>
          ) : (
            <ul className="coaches-grid" aria-label={t(m.listLabel)}>
              {shown.map((c) => <CoachCard key={c.id} coach={c} />)}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
