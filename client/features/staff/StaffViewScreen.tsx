// /app/staff/{id} and /app/staff/{id}/view — View Educator: profile, schools over time, coach, groups,
// and the Coaching section (components/CoachingSection.tsx).
import type { Locale } from 'date-fns';
import { Link } from 'react-router-dom';
import type { StaffDetail } from '../../../common/schemas/staff';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { ButtonLink } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { useAuthUser, useDateLocale, useToday } from '../../lib/session';
import { canEditStaff } from './access';
import { useStaff } from './api';
import { formatDay } from '../../lib/dates';
import { formatGrades } from './grades';
import { HistoryTimeline, timelineState } from './components/HistoryTimeline';
import { Card, LoadFailed, StaffHeaderMeta, useStaffId } from './components/StaffParts';
import { StaffNotFound } from './components/StaffNotFound';
import { CoachingSection } from './components/CoachingSection';
import { ObservationsSection } from './components/ObservationsSection';
import { CyclesSection } from './components/CyclesSection';
import { ActionStepsSection } from './components/ActionStepsSection';
import { SkillsCard } from './components/SkillsCard';

const notSet = <span className="muted">Not recorded</span>;

function ProfileCard({ staff, locale }: { staff: StaffDetail; locale?: Locale }) {
  return (
    <Card id="staff-profile" title="Profile">
      <dl className="dl staff-dl">
        <dt>Email</dt>
        <dd>{staff.email ? <a href={`mailto:${staff.email}`} className="staff-break">{staff.email}</a> : notSet}</dd>
        <dt>Employee ID</dt>
        <dd>{staff.employee_id ?? notSet}</dd>
        <dt>Position</dt>
        <dd>{staff.position ?? notSet}</dd>
        <dt>Grades</dt>
        <dd>{staff.grade_levels.length ? formatGrades(staff.grade_levels) : notSet}</dd>
        <dt>Subjects</dt>
        <dd>
          {staff.subjects.length ? (
            <ul className="item-list cluster staff-tags">
              {staff.subjects.map((s) => (
                <li key={s} className="badge badge--primary">{s}</li>
              ))}
            </ul>
          ) : (
            notSet
          )}
        </dd>
        <dt>Hire date</dt>
        <dd>{staff.hire_date ? formatDay(staff.hire_date, locale) : notSet}</dd>
      </dl>
    </Card>
  );
}

function SchoolsCard({ staff, locale }: { staff: StaffDetail; locale?: Locale }) {
  const today = useToday();
  const current = staff.building_history.find((h) => timelineState(h.start_date, h.end_date, today) === 'current');
  return (
    <Card id="staff-schools" title="Schools">
      <div className="staff-current">
        <p className="staff-current__label">Current school</p>
        {staff.building ? (
          <p className="staff-current__value">
            {staff.building.name}
            {current && <span className="staff-current__since">Since {formatDay(current.start_date, locale)}</span>}
          </p>
        ) : (
          <p className="staff-current__value muted">No current school</p>
        )}
      </div>
      {staff.building_history.length > 0 ? (
        <>
          <h3 className="staff-card__subtitle">History</h3>
          <HistoryTimeline
            label="School history"
            locale={locale}
            items={staff.building_history.map((h) => ({ id: h.id, title: h.building.name, start_date: h.start_date, end_date: h.end_date }))}
          />
        </>
      ) : (
        <p className="muted">No school history yet.</p>
      )}
    </Card>
  );
}

function CoachCard({ staff, locale }: { staff: StaffDetail; locale?: Locale }) {
  const today = useToday();
  const hasCurrent = staff.coaches.some((c) => timelineState(c.start_date, c.end_date, today) === 'current');
  return (
    <Card id="staff-coach" title="Coach">
      {staff.coaches.length === 0 ? (
        <p className="muted">No coach assigned yet.</p>
      ) : (
        <>
        {!hasCurrent && <p className="muted staff-card__lead">No current coach.</p>}
        <HistoryTimeline
          label="Coach history"
          locale={locale}
          items={staff.coaches.map((c) => ({ id: c.id, title: <Link to={`/app/coaches/${c.coach.id}`}>{c.coach.name}</Link>, start_date: c.start_date, end_date: c.end_date }))}
        />
        </>
      )}
    </Card>
  );
}

function GroupsCard({ staff, locale }: { staff: StaffDetail; locale?: Locale }) {
  const active = staff.groups.filter((g) => g.active);
  const past = staff.groups.filter((g) => !g.active);
  return (
    <Card id="staff-groups" title="Groups" action={<Link to="/app/staff/groups" className="text-sm">All groups</Link>}>
      {staff.groups.length === 0 ? (
        <p className="muted">Not in any group yet.</p>
      ) : (
        <div className="stack stack--sm">
          <h3 className="staff-card__subtitle">Active</h3>
          {active.length ? (
            <ul className="item-list stack stack--sm staff-list">
              {active.map((g) => (
                <li key={g.id}>
                  <span className="staff-list__title">{g.name}</span>
                  <span className="staff-list__meta">Member since {formatDay(g.start_date, locale)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">None right now.</p>
          )}
          {past.length > 0 && (
            <>
              <h3 className="staff-card__subtitle">Past</h3>
              <ul className="item-list stack stack--sm staff-list">
                {past.map((g) => (
                  <li key={g.id}>
                    <span className="staff-list__title">{g.name}</span>
                    <span className="staff-list__meta">
                      {g.end_date ? `${formatDay(g.start_date, locale)} – ${formatDay(g.end_date, locale)}` : `Since ${formatDay(g.start_date, locale)} · group deactivated`}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </Card>
  );
}

export default function StaffViewScreen(_props: ScreenProps) {
  const id = useStaffId();
  const { user } = useAuthUser();
  const locale = useDateLocale();
  const { data: staff, error, mutate } = useStaff(id);

  if (id === null || error?.status === 404 || error?.status === 403) return <StaffNotFound />;
  if (error && !staff) return <LoadFailed message={error.message} onRetry={() => void mutate()} />;
  if (!staff) return <LoadingBlock label="Loading educator…" />;

  return (
    <div className="stack staff-page">
      <PageHeader
        title={staff.name}
        breadcrumbs={[{ label: 'Educators', to: '/app/staff' }, { label: staff.name }]}
        description={<StaffHeaderMeta staff={staff} />}
        actions={
          canEditStaff(user, staff) ? (
            <ButtonLink to={`/app/staff/${staff.id}/edit`} variant="secondary">
              <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
                <path d="M4 16h3l8.5-8.5-3-3L4 13zM11 6l3 3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
              </svg>
              Edit educator
            </ButtonLink>
          ) : undefined
        }
      />
      {staff.status === 'inactive' && (
        <Alert tone="warning" title="This educator is inactive">
          <p>They are hidden from active lists and can’t be added to new coaching. Their history is kept.</p>
        </Alert>
      )}
      <div className="split staff-view">
        <div className="staff-view__main stack">
          <ProfileCard staff={staff} locale={locale} />
          {user && <CyclesSection key={`cycles-${staff.id}`} staff={staff} user={user} />}
          {user && <ActionStepsSection key={`steps-${staff.id}`} staff={staff} user={user} />}
          {user && <ObservationsSection key={`observations-${staff.id}`} staff={staff} user={user} />}
          <SkillsCard staff={staff} />
          {user && <CoachingSection key={staff.id} staff={staff} user={user} locale={locale} />}
        </div>
        <div className="staff-view__side stack">
          <SchoolsCard staff={staff} locale={locale} />
          <CoachCard staff={staff} locale={locale} />
          <GroupsCard staff={staff} locale={locale} />
        </div>
      </div>
    </div>
  );
}
