// The educator's home (issue 29 item 1): what a teacher opens Coachwell for, from GET /api/me/home: feedback
// to read (shared observations), their action steps, the next steps agreed with their coach, their requests for
// coaching, their coaching cycles and where
// each stands, the sessions ahead (each one can go into their own calendar), their growth this school year
// and their coaches, reachable by email. Sections the district's plan lacks are left out.
import { Link } from 'react-router-dom';
import type { AuthUser } from '../../../../common/authUser';
import type { EducatorHomeAnswer } from '../../../../common/schemas/answers/educatorHome';
import { buttonClass } from '../../../components/Button';
import { LoadError } from '../../../components/LoadError';
import { LoadingBlock } from '../../../components/Spinner';
import { formatDay } from '../../../lib/dates';
import { useDateLocale, useInstantFormat } from '../../../lib/session';
import { formatMinutes } from '../../../lib/zonedTime';
import { useEducatorHome } from '../api';
import { sessionCalendarHref } from '../sessionCalendar';
import { EducatorPanel } from './ActivityPanels';
import { SharedObservations, useSharedObservationsAnswered } from './SharedObservations';
import '../educatorHome.css';
import { defineMessages, t, tRich } from '../../../lib/i18n';

const m = defineMessages({
  nextSteps: { id: 'dashboard.home.nextSteps', defaultMessage: 'Next steps with your coach' },
  noNextSteps: { id: 'dashboard.home.noNextSteps', defaultMessage: 'When your coach writes down the next steps you agreed, they appear here.' },
  overdueCount: { id: 'dashboard.home.overdueCount', defaultMessage: '{count} overdue' },
  dueSoonCount: { id: 'dashboard.home.dueSoonCount', defaultMessage: '{count} due soon' },
  openCount: { id: 'dashboard.home.openCount', defaultMessage: '{count} open' },
  doneCount: { id: 'dashboard.home.doneCount', defaultMessage: '{count} done this year' },
  actionSteps: { id: 'dashboard.home.actionSteps', defaultMessage: 'Your action steps' },
  allSteps: { id: 'dashboard.home.allSteps', defaultMessage: 'All your action steps' },
  noSteps: { id: 'dashboard.home.noSteps', defaultMessage: 'No action steps yet. When you and your coach agree on something to try, it becomes a step here; you can add your own too.' },
  overdue: { id: 'dashboard.home.overdue', defaultMessage: 'Overdue' },
  dueSoon: { id: 'dashboard.home.dueSoon', defaultMessage: 'Due soon' },
  dueOn: { id: 'dashboard.home.dueOn', defaultMessage: 'Due {date}' },
  noDue: { id: 'dashboard.home.noDue', defaultMessage: 'No due date' },
  markDone: { id: 'dashboard.home.markDone', defaultMessage: 'Mark a step done or add your own' },
  requests: { id: 'dashboard.home.requests', defaultMessage: 'Requests for coaching' },
  noRequests: { id: 'dashboard.home.noRequests', defaultMessage: 'Want help with something in your classroom? Tell your coach what and when suits you.' },
  passed: { id: 'dashboard.home.passed', defaultMessage: 'Passed on to another coach' },
  waiting: { id: 'dashboard.home.waiting', defaultMessage: 'Waiting for a coach' },
  asked: { id: 'dashboard.home.asked', defaultMessage: 'asked <time>{date}</time>' },
  yourRequests: { id: 'dashboard.home.yourRequests', defaultMessage: 'Your requests' },
  askForCoaching: { id: 'dashboard.home.askForCoaching', defaultMessage: 'Ask for coaching' },
  cycles: { id: 'dashboard.home.cycles', defaultMessage: '{count, plural, one {Your coaching cycle} other {Your coaching cycles}}' },
  noCycles: { id: 'dashboard.home.noCycles', defaultMessage: 'You are not in a coaching cycle right now. A cycle is a few weeks of focused work with your coach on one goal.' },
  planned: { id: 'dashboard.home.planned', defaultMessage: 'Planned' },
  goal: { id: 'dashboard.home.goal', defaultMessage: 'Goal: ' },
  stage: { id: 'dashboard.home.stage', defaultMessage: 'Stage {position} of {of}: <b>{name}</b>' },
  withCoach: { id: 'dashboard.home.withCoach', defaultMessage: 'With {coach} · since {start}' },
  withCoachUntil: { id: 'dashboard.home.withCoachUntil', defaultMessage: 'With {coach} · since {start} · until {end}' },
  comingUp: { id: 'dashboard.home.comingUp', defaultMessage: 'Coming up' },
  noSessions: { id: 'dashboard.home.noSessions', defaultMessage: 'No sessions scheduled. When your coach schedules one with you, it appears here.' },
  session: { id: 'dashboard.home.session', defaultMessage: '{type} with {coach} · {length}' },
  sessionAt: { id: 'dashboard.home.sessionAt', defaultMessage: '{type} with {coach} · {length} · {school}' },
  addToCalendar: { id: 'dashboard.home.addToCalendar', defaultMessage: 'Add to calendar<sr>: {type}, {when}</sr>' },
  growth: { id: 'dashboard.home.growth', defaultMessage: 'Your growth this school year' },
  noGrowth: { id: 'dashboard.home.noGrowth', defaultMessage: 'No skills rated yet. When your coach rates a skill with you, your level and its change since {date} show here.' },
  growthIntro: { id: 'dashboard.home.growthIntro', defaultMessage: 'Your current level, and the change since {date}: the skills that grew most first.' },
  newThisYear: { id: 'dashboard.home.newThisYear', defaultMessage: 'New this year' },
  noChange: { id: 'dashboard.home.noChange', defaultMessage: 'No change' },
  up: { id: 'dashboard.home.up', defaultMessage: 'Up {count, plural, one {# level} other {# levels}}' },
  down: { id: 'dashboard.home.down', defaultMessage: 'Down {count, plural, one {# level} other {# levels}}' },
  allSkills: { id: 'dashboard.home.allSkills', defaultMessage: 'All {count, plural, one {# skill} other {# skills}} on your profile' },
  coaches: { id: 'dashboard.home.coaches', defaultMessage: '{count, plural, one {Your coach} other {Your coaches}}' },
  noCoach: { id: 'dashboard.home.noCoach', defaultMessage: "No coach is assigned to you yet. Your school's coaches can still work with you." },
  loadError: { id: 'dashboard.home.loadError', defaultMessage: 'An error occurred while fetching your coaching. Please try again later.' },
  loading: { id: 'dashboard.home.loading', defaultMessage: 'Loading your coaching…' },
  unlinkedTitle: { id: 'dashboard.home.unlinkedTitle', defaultMessage: 'Your coaching will appear here' },
  unlinked: { id: 'dashboard.home.unlinked', defaultMessage: "Your login is not linked to an educator on your district's roster yet. Ask your district administrator to send you the invitation from your educator profile." },
  profile: { id: 'dashboard.home.profile', defaultMessage: 'Your profile and all your coaching' },
});

type Home = EducatorHomeAnswer;
type GrowthItem = NonNullable<Home['skills']>['items'][number];

function NextSteps({ steps }: { steps: Home['next_steps'] }) {
  const when = useInstantFormat();
  return (
    <section className="card stack stack--sm" aria-labelledby="home-next-steps">
      <h2 id="home-next-steps" className="card__title dashboard-card-heading">{t(m.nextSteps)}</h2>
      {steps.length === 0 ? (
        <p className="muted">{t(m.noNextSteps)}</p>
      ) : (
        <ul className="home-list">
          {steps.map((s) => (
            <li key={s.interaction_id} className="home-list__item">
              <p className="home-next-step">{s.text}</p>
              <p className="muted text-sm">{s.coach.name} · <time dateTime={s.starts_at}>{when.date(s.starts_at)}</time></p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ActionSteps({ steps }: { steps: Home['action_steps'] }) {
  const locale = useDateLocale();
  const figures: [number, string, string][] = [
    [steps.overdue, t(m.overdueCount, { count: steps.overdue }), 'badge--danger'], [steps.due_soon, t(m.dueSoonCount, { count: steps.due_soon }), 'badge--warning'],
    [steps.open, t(m.openCount, { count: steps.open }), 'badge--neutral'], [steps.done_this_year, t(m.doneCount, { count: steps.done_this_year }), 'badge--success'],
  ];
  return (
    <section className="card stack stack--sm" aria-labelledby="home-steps">
      <div className="cluster cluster--between">
        <h2 id="home-steps" className="card__title dashboard-card-heading">{t(m.actionSteps)}</h2>
        <Link to="/app/action-steps" className="text-sm">{t(m.allSteps)}</Link>
      </div>
      {steps.open === 0 && steps.done_this_year === 0 ? (
        <p className="muted">{t(m.noSteps)}</p>
      ) : (
        <>
          <ul className="chips home-steps__figures">
            {figures.filter(([n], i) => n > 0 || i >= 2).map(([n, label, tone]) => <li key={tone}><span className={`badge ${tone}`}>{label}</span></li>)}
          </ul>
          {steps.next.length > 0 && (
            <ul className="home-list">
              {steps.next.map((step) => (
                <li key={step.id} className="home-list__item home-step">
                  <p className="home-step__title">{step.title}</p>
                  <p className="text-sm">
                    {step.due === 'overdue' ? <span className="badge badge--danger">{t(m.overdue)}</span> : step.due === 'due-soon' ? <span className="badge badge--warning">{t(m.dueSoon)}</span> : null}{' '}
                    <span className="muted">{step.due_on ? t(m.dueOn, { date: formatDay(step.due_on, locale) }) : t(m.noDue)}</span>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <p className="text-sm"><Link to="/app/action-steps">{t(m.markDone)}</Link></p>
    </section>
  );
}

function Requests({ requests }: { requests: Home['requests'] }) {
  const when = useInstantFormat();
  return (
    <section className="card stack stack--sm" aria-labelledby="home-requests">
      <h2 id="home-requests" className="card__title dashboard-card-heading">{t(m.requests)}</h2>
      {requests.length === 0 ? (
        <p className="muted">{t(m.noRequests)}</p>
      ) : (
        <ul className="home-list">
          {requests.map((r) => (
            <li key={r.id} className="home-list__item">
              <p className="home-step__title">{r.topic}</p>
              <p className="text-sm">
                <span className="badge badge--info">{t(r.status === 'passed' ? m.passed : m.waiting)}</span>{' '}
                <span className="muted">{tRich(m.asked, { date: when.date(r.created_at), time: (chunks) => <time dateTime={r.created_at}>{chunks}</time> })}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
      <p><Link to="/app/coaching-requests" className={buttonClass('secondary', 'sm')}>{t(requests.length ? m.yourRequests : m.askForCoaching)}</Link></p>
    </section>
  );
}

function Cycles({ cycles, staffId }: { cycles: NonNullable<Home['cycles']>; staffId: number }) {
  const locale = useDateLocale();
  return (
    <section className="card stack stack--sm" aria-labelledby="home-cycles">
      <h2 id="home-cycles" className="card__title dashboard-card-heading">
        {t(m.cycles, { count: cycles.length })}
      </h2>
      {cycles.length === 0 ? (
        <p className="muted">{t(m.noCycles)}</p>
      ) : (
        <ul className="home-list">
          {cycles.map((c) => (
            <li key={c.id} className="home-list__item stack stack--sm">
              <div className="cluster cluster--between">
                <h3 className="home-cycle__title"><Link to={`/app/staff/${staffId}#staff-cycles`}>{c.title}</Link></h3>
                {c.status === 'planned' && <span className="badge badge--neutral">{t(m.planned)}</span>}
              </div>
              {c.goal && <p className="home-cycle__goal"><span className="muted">{t(m.goal)}</span>{c.goal}</p>}
              {c.stage && (
                <div className="home-stage">
                  <p className="text-sm">{tRich(m.stage, { position: c.stage.position, of: c.stage.of, name: c.stage.name, b: (chunks) => <strong>{chunks}</strong> })}</p>
                  <ol className="home-stage__steps" aria-hidden="true">
                    {Array.from({ length: c.stage.of }, (_, i) => (
                      <li key={i} className={i < c.stage!.position ? 'home-stage__step home-stage__step--done' : 'home-stage__step'} />
                    ))}
                  </ol>
                </div>
              )}
              <p className="muted text-sm">
                {c.target_end_date
                  ? t(m.withCoachUntil, { coach: c.coach.name, start: formatDay(c.start_date, locale), end: formatDay(c.target_end_date, locale) })
                  : t(m.withCoach, { coach: c.coach.name, start: formatDay(c.start_date, locale) })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Upcoming({ sessions }: { sessions: Home['upcoming'] }) {
  const when = useInstantFormat();
  return (
    <section className="card stack stack--sm" aria-labelledby="home-upcoming">
      <h2 id="home-upcoming" className="card__title dashboard-card-heading">{t(m.comingUp)}</h2>
      {sessions.length === 0 ? (
        <p className="muted">{t(m.noSessions)}</p>
      ) : (
        <ul className="home-list">
          {sessions.map((s) => (
            <li key={s.id} className="home-list__item cluster cluster--between home-session">
              <div>
                <p><time dateTime={s.starts_at} className="home-session__when">{when.dateTime(s.starts_at)}</time></p>
                <p className="muted text-sm">
                  {s.school
                    ? t(m.sessionAt, { type: s.type, coach: s.coach.name, length: formatMinutes(s.duration_minutes), school: s.school.name })
                    : t(m.session, { type: s.type, coach: s.coach.name, length: formatMinutes(s.duration_minutes) })}
                </p>
              </div>
              <a className={buttonClass('secondary', 'sm', 'home-session__add')} href={sessionCalendarHref(s)} download={`coaching-${s.starts_at.slice(0, 10)}.ics`}>
                {tRich(m.addToCalendar, { type: s.type, when: when.dateTime(s.starts_at), sr: (chunks) => <span className="sr-only">{chunks}</span> })}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The skills the growth card lists: those that moved most first, then the framework's order. */
const GROWTH_SHOWN = 8;

function Growth({ skills, staffId }: { skills: NonNullable<Home['skills']>; staffId: number }) {
  const locale = useDateLocale();
  const changeOf = (i: GrowthItem) => (i.start_level === null ? 0 : i.level - i.start_level);
  const shown = skills.items.map((item, order) => ({ item, order }))
    .sort((a, b) => changeOf(b.item) - changeOf(a.item) || a.order - b.order).slice(0, GROWTH_SHOWN).map((x) => x.item);
  const levelName = (level: number) => skills.levels.find((l) => l.level === level)?.name ?? String(level);
  const top = skills.levels.length;
  return (
    <section className="card stack stack--sm" aria-labelledby="home-growth">
      <h2 id="home-growth" className="card__title dashboard-card-heading">{t(m.growth)}</h2>
      {skills.items.length === 0 ? (
        <p className="muted">{t(m.noGrowth, { date: formatDay(skills.year_from, locale) })}</p>
      ) : (
        <>
          <p className="muted text-sm">{t(m.growthIntro, { date: formatDay(skills.year_from, locale) })}</p>
          <ul className="home-list home-growth">
            {shown.map((i) => {
              const change = i.start_level === null ? null : i.level - i.start_level;
              return (
                <li key={i.skill.id} className="home-list__item home-growth__item">
                  <div className="home-growth__skill">
                    <p className="home-growth__name">{i.skill.name}</p>
                    <p className="muted text-sm">{i.domain}</p>
                  </div>
                  <div className="home-growth__level">
                    <span className="home-meter" aria-hidden="true">
                      {Array.from({ length: top }, (_, n) => <span key={n} className={n < i.level ? 'home-meter__bar home-meter__bar--on' : 'home-meter__bar'} />)}
                    </span>
                    <span className="text-sm">{levelName(i.level)}</span>
                  </div>
                  <p className={change && change > 0 ? 'home-growth__change home-growth__change--up text-sm' : 'home-growth__change muted text-sm'}>
                    {change === null ? t(m.newThisYear) : change === 0 ? t(m.noChange) : change > 0 ? t(m.up, { count: change }) : t(m.down, { count: -change })}
                  </p>
                </li>
              );
            })}
          </ul>
          {skills.items.length > shown.length && (
            <Link to={`/app/staff/${staffId}#staff-skills`} className="text-sm">{t(m.allSkills, { count: skills.items.length })}</Link>
          )}
        </>
      )}
    </section>
  );
}

function Coaches({ coaches }: { coaches: Home['coaches'] }) {
  return (
    <section className="card stack stack--sm" aria-labelledby="home-coaches">
      <h2 id="home-coaches" className="card__title dashboard-card-heading">{t(m.coaches, { count: coaches.length })}</h2>
      {coaches.length === 0 ? (
        <p className="muted">{t(m.noCoach)}</p>
      ) : (
        <ul className="home-list">
          {coaches.map((c) => (
            <li key={c.id} className="home-list__item">
              <p className="home-coach__name">{c.name}</p>
              <a href={`mailto:${c.email}`} className="text-sm">{c.email}</a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function EducatorHome({ user }: { user: AuthUser }) {
  const home = useEducatorHome();
  const sharedAnswered = useSharedObservationsAnswered();
  const locale = useDateLocale();
  if (home.error && !home.data) return <LoadError message={t(m.loadError)} onRetry={() => void home.mutate()} />;
  // A screen tall until the home and its first card have answered: the cards then appear at once, and what follows
  // (Where to go) starts out of view instead of being pushed down under the person's eyes (issue 35).
  if (!home.data || !sharedAnswered) return <LoadingBlock fullScreen label={t(m.loading)} />;
  const h = home.data;
  if (!h.educator) {
    return (
      <section className="card" aria-labelledby="home-unlinked">
        <h2 id="home-unlinked" className="card__title">{t(m.unlinkedTitle)}</h2>
        <p className="muted">{t(m.unlinked)}</p>
      </section>
    );
  }
  return (
    <div className="stack stack--lg">
      <div className="home-grid">
        <div className="stack">
          <SharedObservations user={user} />
          <ActionSteps steps={h.action_steps} />
          <NextSteps steps={h.next_steps} />
          {h.cycles && <Cycles cycles={h.cycles} staffId={h.educator.id} />}
        </div>
        <div className="stack">
          <Upcoming sessions={h.upcoming} />
          <Requests requests={h.requests} />
          {h.skills && <Growth skills={h.skills} staffId={h.educator.id} />}
          <Coaches coaches={h.coaches} />
          <p className="text-sm"><Link to={`/app/staff/${h.educator.id}`}>{t(m.profile)}</Link></p>
        </div>
      </div>
      <EducatorPanel user={user} staffId={h.educator.id} locale={locale} />
    </div>
  );
}
