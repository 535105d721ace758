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
import { PaintPending, usePaintedOnce } from '../../lib/paintFirst';
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
import { defineMessages, t, tText } from '../../lib/i18n';

const m = defineMessages({
  notRecorded: { id: 'staff.notRecorded', defaultMessage: 'Not recorded' },
  profile: { id: 'staff.profile', defaultMessage: 'Profile' },
  email: { id: 'staff.email', defaultMessage: 'Email' },
  employeeId: { id: 'staff.employeeId', defaultMessage: 'Employee ID' },
  colPosition: { id: 'staff.colPosition', defaultMessage: 'Position' },
  colGrades: { id: 'staff.colGrades', defaultMessage: 'Grades' },
  colSubjects: { id: 'staff.colSubjects', defaultMessage: 'Subjects' },
  hireDate: { id: 'staff.hireDate', defaultMessage: 'Hire date' },
  schools: { id: 'staff.schools', defaultMessage: 'Schools' },
  currentSchool: { id: 'staff.currentSchool', defaultMessage: 'Current school' },
  since: { id: 'staff.since', defaultMessage: 'Since {date}' },
  noCurrentSchool: { id: 'staff.noCurrentSchool', defaultMessage: 'No current school' },
  history: { id: 'staff.history', defaultMessage: 'History' },
  schoolHistory: { id: 'staff.schoolHistory', defaultMessage: 'School history' },
  noSchoolHistory: { id: 'staff.noSchoolHistory', defaultMessage: 'No school history yet.' },
  colCoach: { id: 'staff.colCoach', defaultMessage: 'Coach' },
  noCoach: { id: 'staff.noCoach', defaultMessage: 'No coach assigned yet.' },
  noCurrentCoach: { id: 'staff.noCurrentCoach', defaultMessage: 'No current coach.' },
  coachHistory: { id: 'staff.coachHistory', defaultMessage: 'Coach history' },
  tabGroups: { id: 'staff.tabGroups', defaultMessage: 'Groups' },
  allGroups: { id: 'staff.allGroups', defaultMessage: 'All groups' },
  noGroup: { id: 'staff.noGroup', defaultMessage: 'Not in any group yet.' },
  groupsActive: { id: 'staff.groupsActive', defaultMessage: 'Active' },
  memberSince: { id: 'staff.memberSince', defaultMessage: 'Member since {date}' },
  noneNow: { id: 'staff.noneNow', defaultMessage: 'None right now.' },
  groupsPast: { id: 'staff.groupsPast', defaultMessage: 'Past' },
  range: { id: 'staff.range', defaultMessage: '{start} – {end}' },
  sinceDeactivated: { id: 'staff.sinceDeactivated', defaultMessage: 'Since {date} · group deactivated' },
  loadingOne: { id: 'staff.loadingOne', defaultMessage: 'Loading educator…' },
  title: { id: 'staff.title', defaultMessage: 'Educators' },
  edit: { id: 'staff.edit', defaultMessage: 'Edit educator' },
  inactiveTitle: { id: 'staff.inactiveTitle', defaultMessage: 'This educator is inactive' },
  inactiveBody: { id: 'staff.inactiveBody', defaultMessage: 'They are hidden from active lists and can’t be added to new coaching. Their history is kept.' },
});

function NotSet() {
  return <span className="muted">{t(m.notRecorded)}</span>;
}
const notSet = <NotSet />;

function ProfileCard({ staff, locale }: { staff: StaffDetail; locale?: Locale }) {
  return (
    <Card id="staff-profile" title={t(m.profile)}>
      <dl className="dl staff-dl">
        <dt>{t(m.email)}</dt>
        <dd>{staff.email ? <a href={`mailto:${staff.email}`} className="staff-break">{staff.email}</a> : notSet}</dd>
        <dt>{t(m.employeeId)}</dt>
        <dd>{staff.employee_id ?? notSet}</dd>
        <dt>{t(m.colPosition)}</dt>
        <dd>{staff.position ? tText(staff.position) : notSet}</dd>
        <dt>{t(m.colGrades)}</dt>
        <dd>{staff.grade_levels.length ? formatGrades(staff.grade_levels) : notSet}</dd>
        <dt>{t(m.colSubjects)}</dt>
        <dd>
          {staff.subjects.length ? (
            <ul className="item-list cluster staff-tags">
              {staff.subjects.map((s) => (
                <li key={s} className="badge badge--primary">{tText(s)}</li>
              ))}
            </ul>
          ) : (
            notSet
          )}
        </dd>
        <dt>{t(m.hireDate)}</dt>
        <dd>{staff.hire_date ? formatDay(staff.hire_date, locale) : notSet}</dd>
      </dl>
    </Card>
  );
}

function SchoolsCard({ staff, locale }: { staff: StaffDetail; locale?: Locale }) {
  const today = useToday();
  const current = staff.building_history.find((h) => timelineState(h.start_date, h.end_date, today) === 'current');
  return (
    <Card id="staff-schools" title={t(m.schools)}>
      <div className="staff-current">
        <p className="staff-current__label">{t(m.currentSchool)}</p>
        {staff.building ? (
          <p className="staff-current__value">
            {staff.building.name}
            {current && <span className="staff-current__since">{t(m.since, { date: formatDay(current.start_date, locale) })}</span>}
          </p>
        ) : (
          <p className="staff-current__value muted">{t(m.noCurrentSchool)}</p>
        )}
      </div>
      {staff.building_history.length > 0 ? (
        <>
          <h3 className="staff-card__subtitle">{t(m.history)}</h3>
          <HistoryTimeline
            label={t(m.schoolHistory)}
            locale={locale}
            items={staff.building_history.map((h) => ({ id: h.id, title: h.building.name, start_date: h.start_date, end_date: h.end_date }))}
          />
        </>
      ) : (
        <p className="muted">{t(m.noSchoolHistory)}</p>
      )}
    </Card>
  );
}

function CoachCard({ staff, locale }: { staff: StaffDetail; locale?: Locale }) {
  const today = useToday();
  const hasCurrent = staff.coaches.some((c) => timelineState(c.start_date, c.end_date, today) === 'current');
  return (
    <Card id="staff-coach" title={t(m.colCoach)}>
      {staff.coaches.length === 0 ? (
        <p className="muted">{t(m.noCoach)}</p>
      ) : (
        <>
        {!hasCurrent && <p className="muted staff-card__lead">{t(m.noCurrentCoach)}</p>}
        <HistoryTimeline
          label={t(m.coachHistory)}
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
    <Card id="staff-groups" title={t(m.tabGroups)} action={<Link to="/app/staff/groups" className="text-sm">{t(m.allGroups)}</Link>}>
      {staff.groups.length === 0 ? (
        <p className="muted">{t(m.noGroup)}</p>
      ) : (
        <div className="stack stack--sm">
          <h3 className="staff-card__subtitle">{t(m.groupsActive)}</h3>
          {active.length ? (
            <ul className="item-list stack stack--sm staff-list">
              {active.map((g) => (
                <li key={g.id}>
                  <span className="staff-list__title">{g.name}</span>
                  <span className="staff-list__meta">{t(m.memberSince, { date: formatDay(g.start_date, locale) })}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t(m.noneNow)}</p>
          )}
          {past.length > 0 && (
            <>
              <h3 className="staff-card__subtitle">{t(m.groupsPast)}</h3>
              <ul className="item-list stack stack--sm staff-list">
                {past.map((g) => (
                  <li key={g.id}>
                    <span className="staff-list__title">{g.name}</span>
                    <span className="staff-list__meta">
                      {g.end_date ? t(m.range, { start: formatDay(g.start_date, locale), end: formatDay(g.end_date, locale) }) : t(m.sinceDeactivated, { date: formatDay(g.start_date, locale) })}
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
  const headerPainted = usePaintedOnce(!!staff);

  if (id === null || error?.status === 404 || error?.status === 403) return <StaffNotFound />;
  if (error && !staff) return <LoadFailed message={error.message} onRetry={() => void mutate()} />;
  if (!staff) return <LoadingBlock label={t(m.loadingOne)} />;

  return (
    <div className="stack staff-page">
      <PageHeader
        title={staff.name}
        breadcrumbs={[{ label: t(m.title), to: '/app/staff' }, { label: staff.name }]}
        description={<StaffHeaderMeta staff={staff} />}
        actions={
          canEditStaff(user, staff) ? (
            <ButtonLink to={`/app/staff/${staff.id}/edit`} variant="secondary">
              <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
                <path d="M4 16h3l8.5-8.5-3-3L4 13zM11 6l3 3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
              </svg>
              {t(m.edit)}
            </ButtonLink>
          ) : undefined
        }
      />
      {staff.status === 'inactive' && (
        <Alert tone="warning" title={t(m.inactiveTitle)}>
          <p>{t(m.inactiveBody)}</p>
        </Alert>
      )}
      {!headerPainted && <PaintPending />}
      {headerPainted && <div className="split staff-view">
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
      </div>}
    </div>
  );
}
