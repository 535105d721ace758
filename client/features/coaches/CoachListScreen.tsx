import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { CoachListItem } from '../../../common/schemas/coaches';
import { hasPermission, PERMISSIONS } from '../../../common/permissions';
import type { ScreenProps } from '../../app/routeTable';
import { LoadError } from '../../components/LoadError';
import { ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { TextField } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { formatRelative } from '../../lib/format';
import { useAuthUser, useDateLocale } from '../../lib/session';
import { useCoachList } from './api';
import { CoachStatus, schoolList } from './components/CoachStatus';
import { countText, plural } from '../../../common/plural';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? parts.at(-1)![0] : '')).toUpperCase();
}

const educators = (n: number) => plural(n, 'educator', 'educators');

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
          <dt>Caseload</dt>
          <dd className="coaches-card__count">{educators(coach.caseload_count)}</dd>
        </div>
        <div>
          <dt>Schools</dt>
          <dd>{coach.buildings.length ? schoolList(coach.buildings) : <span className="muted">No schools assigned</span>}</dd>
        </div>
        <div>
          <dt>Last sign-in</dt>
          <dd>
            {coach.last_login_at
              ? formatRelative(coach.last_login_at, locale)
              : <span className="muted">{coach.status === 'invited' ? 'Has not accepted the invitation yet' : 'Never'}</span>}
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
        title={route.title}
        description={<p>Your coaching team, the schools each coach works in and the educators they support.</p>}
        actions={canInvite ? <ButtonLink to="/app/settings/user/new" variant="secondary">Invite a coach</ButtonLink> : undefined}
      />

      {error && !data ? (
        <LoadError what="coaches" onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <LoadingBlock label="Loading coaches…" />
      ) : coaches.length === 0 ? (
        <EmptyState
          title="No coaches yet"
          action={canInvite ? <ButtonLink to="/app/settings/user/new">Invite a coach</ButtonLink> : undefined}
        >
          <p>Coaches are people with the coach role. Once a coach is invited, they appear here with their schools and caseload.</p>
        </EmptyState>
      ) : (
        <>
          <div className="cluster cluster--between coaches-toolbar">
            <TextField
              className="coaches-toolbar__search"
              label="Find a coach"
              type="search"
              name="q"
              value={search}
              onChange={setSearch}
              placeholder="Name, email or school"
              autoComplete="off"
            />
            <p className="muted text-sm coaches-toolbar__summary" aria-live="polite">
              {search
                ? `${countText(shown.length)} of ${plural(coaches.length, 'coach', 'coaches')}`
                : plural(coaches.length, 'coach', 'coaches')}
            </p>
          </div>
          {shown.length === 0 ? (
            <EmptyState title="No coach matches your search">
              <p>Try another name, email or school, or <button type="button" className="btn-link" onClick={() => setSearch('')}>clear the search</button>.</p>
            </EmptyState>
          ) : (
            <ul className="coaches-grid" aria-label="Coaches">
              {shown.map((c) => <CoachCard key={c.id} coach={c} />)}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
