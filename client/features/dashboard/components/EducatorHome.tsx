// The educator's home (issue 29 item 1): what a teacher opens Coachwell for, from GET /api/me/home: feedback
// to read (shared observations), their action steps, the next steps agreed with their coach, their requests for
// coaching, their coaching cycles and where
// each stands, the sessions ahead (each one can go into their own calendar), their growth this school year
// and their coaches, reachable by email. Sections the district's plan lacks are left out.
import { Link } from 'react-router-dom';
import type { AuthUser } from '../../../../common/authUser';
import type { EducatorHomeAnswer } from '../../../../common/schemas/answers/educatorHome';
import { plural } from '../../../../common/plural';
import { buttonClass } from '../../../components/Button';
import { LoadError } from '../../../components/LoadError';
import { LoadingBlock } from '../../../components/Spinner';
import { formatDay } from '../../../lib/dates';
import { useDateLocale, useInstantFormat } from '../../../lib/session';
import { formatMinutes } from '../../../lib/zonedTime';
import { useEducatorHome } from '../api';
import { sessionCalendarHref } from '../sessionCalendar';
import { EducatorPanel } from './ActivityPanels';
import { SharedObservations } from './SharedObservations';
import '../educatorHome.css';

type Home = EducatorHomeAnswer;
type GrowthItem = NonNullable<Home['skills']>['items'][number];

function NextSteps({ steps }: { steps: Home['next_steps'] }) {
  const when = useInstantFormat();
  return (
    <section className="card stack stack--sm" aria-labelledby="home-next-steps">
      <h2 id="home-next-steps" className="card__title dashboard-card-heading">Next steps with your coach</h2>
      {steps.length === 0 ? (
        <p className="muted">When your coach writes down the next steps you agreed, they appear here.</p>
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
    [steps.overdue, 'overdue', 'badge--danger'], [steps.due_soon, 'due soon', 'badge--warning'], [steps.open, 'open', 'badge--neutral'],
    [steps.done_this_year, 'done this year', 'badge--success'],
  ];
  return (
    <section className="card stack stack--sm" aria-labelledby="home-steps">
      <div className="cluster cluster--between">
        <h2 id="home-steps" className="card__title dashboard-card-heading">Your action steps</h2>
        <Link to="/app/action-steps" className="text-sm">All your action steps</Link>
      </div>
      {steps.open === 0 && steps.done_this_year === 0 ? (
        <p className="muted">No action steps yet. When you and your coach agree on something to try, it becomes a step here; you can add your own too.</p>
      ) : (
        <>
          <ul className="chips home-steps__figures">
            {figures.filter(([n], i) => n > 0 || i >= 2).map(([n, label, tone]) => <li key={label}><span className={`badge ${tone}`}>{n} {label}</span></li>)}
          </ul>
          {steps.next.length > 0 && (
            <ul className="home-list">
              {steps.next.map((step) => (
                <li key={step.id} className="home-list__item home-step">
                  <p className="home-step__title">{step.title}</p>
                  <p className="text-sm">
                    {step.due === 'overdue' ? <span className="badge badge--danger">Overdue</span> : step.due === 'due-soon' ? <span className="badge badge--warning">Due soon</span> : null}{' '}
                    <span className="muted">{step.due_on ? `Due ${formatDay(step.due_on, locale)}` : 'No due date'}</span>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <p className="text-sm"><Link to="/app/action-steps">Mark a step done or add your own</Link></p>
    </section>
  );
}

function Requests({ requests }: { requests: Home['requests'] }) {
  const when = useInstantFormat();
  return (
    <section className="card stack stack--sm" aria-labelledby="home-requests">
      <h2 id="home-requests" className="card__title dashboard-card-heading">Requests for coaching</h2>
      {requests.length === 0 ? (
        <p className="muted">Want help with something in your classroom? Tell your coach what and when suits you.</p>
      ) : (
        <ul className="home-list">
          {requests.map((r) => (
            <li key={r.id} className="home-list__item">
              <p className="home-step__title">{r.topic}</p>
              <p className="text-sm">
                <span className="badge badge--info">{r.status === 'passed' ? 'Passed on to another coach' : 'Waiting for a coach'}</span>{' '}
                <span className="muted">asked <time dateTime={r.created_at}>{when.date(r.created_at)}</time></span>
              </p>
            </li>
          ))}
        </ul>
      )}
      <p><Link to="/app/coaching-requests" className={buttonClass('secondary', 'sm')}>{requests.length ? 'Your requests' : 'Ask for coaching'}</Link></p>
    </section>
  );
}

function Cycles({ cycles, staffId }: { cycles: NonNullable<Home['cycles']>; staffId: number }) {
  const locale = useDateLocale();
  return (
    <section className="card stack stack--sm" aria-labelledby="home-cycles">
      <h2 id="home-cycles" className="card__title dashboard-card-heading">
        {cycles.length === 1 ? 'Your coaching cycle' : 'Your coaching cycles'}
      </h2>
      {cycles.length === 0 ? (
        <p className="muted">You are not in a coaching cycle right now. A cycle is a few weeks of focused work with your coach on one goal.</p>
      ) : (
        <ul className="home-list">
          {cycles.map((c) => (
            <li key={c.id} className="home-list__item stack stack--sm">
              <div className="cluster cluster--between">
                <h3 className="home-cycle__title"><Link to={`/app/staff/${staffId}#staff-cycles`}>{c.title}</Link></h3>
                {c.status === 'planned' && <span className="badge badge--neutral">Planned</span>}
              </div>
              {c.goal && <p className="home-cycle__goal"><span className="muted">Goal: </span>{c.goal}</p>}
              {c.stage && (
                <div className="home-stage">
                  <p className="text-sm">Stage {c.stage.position} of {c.stage.of}: <strong>{c.stage.name}</strong></p>
                  <ol className="home-stage__steps" aria-hidden="true">
                    {Array.from({ length: c.stage.of }, (_, i) => (
                      <li key={i} className={i < c.stage!.position ? 'home-stage__step home-stage__step--done' : 'home-stage__step'} />
                    ))}
                  </ol>
                </div>
              )}
              <p className="muted text-sm">
                With {c.coach.name} · since {formatDay(c.start_date, locale)}
                {c.target_end_date && <> · until {formatDay(c.target_end_date, locale)}</>}
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
      <h2 id="home-upcoming" className="card__title dashboard-card-heading">Coming up</h2>
      {sessions.length === 0 ? (
        <p className="muted">No sessions scheduled. When your coach schedules one with you, it appears here.</p>
      ) : (
        <ul className="home-list">
          {sessions.map((s) => (
            <li key={s.id} className="home-list__item cluster cluster--between home-session">
              <div>
                <p><time dateTime={s.starts_at} className="home-session__when">{when.dateTime(s.starts_at)}</time></p>
                <p className="muted text-sm">
                  {s.type} with {s.coach.name} · {formatMinutes(s.duration_minutes)}{s.school && <> · {s.school.name}</>}
                </p>
              </div>
              <a className={buttonClass('secondary', 'sm', 'home-session__add')} href={sessionCalendarHref(s)} download={`coaching-${s.starts_at.slice(0, 10)}.ics`}>
                Add to calendar<span className="sr-only">: {s.type}, {when.dateTime(s.starts_at)}</span>
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
      <h2 id="home-growth" className="card__title dashboard-card-heading">Your growth this school year</h2>
      {skills.items.length === 0 ? (
        <p className="muted">No skills rated yet. When your coach rates a skill with you, your level and its change since {formatDay(skills.year_from, locale)} show here.</p>
      ) : (
        <>
          <p className="muted text-sm">Your current level, and the change since {formatDay(skills.year_from, locale)}: the skills that grew most first.</p>
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
                    {change === null ? 'New this year' : change === 0 ? 'No change' : change > 0 ? `Up ${plural(change, 'level', 'levels')}` : `Down ${plural(-change, 'level', 'levels')}`}
                  </p>
                </li>
              );
            })}
          </ul>
          {skills.items.length > shown.length && (
            <Link to={`/app/staff/${staffId}#staff-skills`} className="text-sm">All {plural(skills.items.length, 'skill', 'skills')} on your profile</Link>
          )}
        </>
      )}
    </section>
  );
}

function Coaches({ coaches }: { coaches: Home['coaches'] }) {
  return (
    <section className="card stack stack--sm" aria-labelledby="home-coaches">
      <h2 id="home-coaches" className="card__title dashboard-card-heading">{coaches.length === 1 ? 'Your coach' : 'Your coaches'}</h2>
      {coaches.length === 0 ? (
        <p className="muted">No coach is assigned to you yet. Your school's coaches can still work with you.</p>
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
  const locale = useDateLocale();
  if (home.error && !home.data) return <LoadError what="your coaching" onRetry={() => void home.mutate()} />;
  if (!home.data) return <LoadingBlock label="Loading your coaching…" />;
  const h = home.data;
  if (!h.educator) {
    return (
      <section className="card" aria-labelledby="home-unlinked">
        <h2 id="home-unlinked" className="card__title">Your coaching will appear here</h2>
        <p className="muted">Your login is not linked to an educator on your district's roster yet. Ask your district administrator to send you the invitation from your educator profile.</p>
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
          <p className="text-sm"><Link to={`/app/staff/${h.educator.id}`}>Your profile and all your coaching</Link></p>
        </div>
      </div>
      <EducatorPanel user={user} locale={locale} />
    </div>
  );
}
