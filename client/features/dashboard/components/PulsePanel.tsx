// The district's pulse on the dashboard (users with `see engagement`, figures within their scope):
// this month's interactions against the coaching target, overdue coaching cycles and educators not
// yet reached this school year, each linking to the report or list behind it.
import { ProgressBar } from '../../../components/ProgressBar';
import { Link } from 'react-router-dom';
import type { AuthUser } from '../../../../common/authUser';
import { hasFeature, hasPermission, PERMISSIONS } from '../../../../common/permissions';
import type { ReportPulse } from '../../../../common/schemas/pulse';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { formatInteger } from '../../../lib/format';
import { formatMinutes } from '../../../lib/zonedTime';
import { usePulse } from '../api';
import { currentLocale, defineMessages, type MessageDescriptor, t, tRich } from '../../../lib/i18n';

const m = defineMessages({
  district: { id: 'dashboard.pulse.district', defaultMessage: 'District pulse' },
  building: { id: 'dashboard.pulse.building', defaultMessage: "Your schools' pulse" },
  self: { id: 'dashboard.pulse.self', defaultMessage: 'Your coaching pulse' },
  monthTitle: { id: 'dashboard.pulse.monthTitle', defaultMessage: 'Interactions this month' },
  reached: { id: 'dashboard.pulse.reached', defaultMessage: '{time} · {count, plural, one {# educator} other {# educators}} of {roster} reached' },
  perEducator: { id: 'dashboard.pulse.perEducator', defaultMessage: '<b>{value}</b> per educator against a target of <b>{target}</b> a month' },
  atTarget: { id: 'dashboard.pulse.atTarget', defaultMessage: '{at, plural, one {# educator has} other {# educators have}} reached it; <link>{below, plural, one {# is} other {# are}} below target</link>.' },
  soFar: { id: 'dashboard.pulse.soFar', defaultMessage: '<b>{value}</b> per educator so far. ' },
  noTarget: { id: 'dashboard.pulse.noTarget', defaultMessage: 'No monthly target set.' },
  setTargets: { id: 'dashboard.pulse.setTargets', defaultMessage: 'Set coaching targets' },
  adminSets: { id: 'dashboard.pulse.adminSets', defaultMessage: 'Your district administrator can set one in Site settings.' },
  seeMonth: { id: 'dashboard.pulse.seeMonth', defaultMessage: "See this month's interactions" },
  takingPulse: { id: 'dashboard.pulse.taking', defaultMessage: 'Taking the pulse…' },
  pulse: { id: 'dashboard.pulse.pulse', defaultMessage: 'Pulse' },
  openReports: { id: 'dashboard.pulse.openReports', defaultMessage: 'Open Reports' },
  loadFailed: { id: 'dashboard.pulse.loadFailed', defaultMessage: 'We could not load the pulse.' },
  tryAgainText: { id: 'dashboard.pulse.tryAgainText', defaultMessage: 'Please try again.' },
  tryAgain: { id: 'dashboard.pulse.tryAgain', defaultMessage: 'Try again' },
  overdueTitle: { id: 'dashboard.pulse.overdueTitle', defaultMessage: 'Overdue coaching cycles' },
  noneOverdue: { id: 'dashboard.pulse.noneOverdue', defaultMessage: "Every open cycle is within its stage's expected days." },
  someOverdue: { id: 'dashboard.pulse.someOverdue', defaultMessage: "Open cycles past their stage's expected days." },
  newTeachers: { id: 'dashboard.pulse.newTeachers', defaultMessage: "<b>{count, plural, one {# new teacher} other {# new teachers}}</b> {count, plural, one {has} other {have}} fewer than {cycles, plural, one {# cycle} other {# cycles}} this semester (the district's target)." },
  seeOverdue: { id: 'dashboard.pulse.seeOverdue', defaultMessage: 'See overdue cycles' },
  seeCyclesReport: { id: 'dashboard.pulse.seeCyclesReport', defaultMessage: 'See the coaching cycles report' },
  unreachedTitle: { id: 'dashboard.pulse.unreachedTitle', defaultMessage: 'Not yet reached this school year' },
  unreached: { id: 'dashboard.pulse.unreached', defaultMessage: '{scope, select, self {Educators in your caseload} other {Active educators}} without a completed interaction since the school year began, out of {roster}.' },
  seeNotCoached: { id: 'dashboard.pulse.seeNotCoached', defaultMessage: 'See who has not been coached' },
  seeYear: { id: 'dashboard.pulse.seeYear', defaultMessage: "See this school year's interactions" },
});

const TITLES: Record<ReportPulse['scope'], MessageDescriptor> = {
  district: m.district,
  building: m.building,
  self: m.self,
};

const decimal = (n: number) => n.toLocaleString(currentLocale() === 'es' ? 'es-US' : 'en-US', { maximumFractionDigits: 1 });
const bold = (chunks: React.ReactNode[]) => <strong>{chunks}</strong>;

function MonthTile({ pulse, canManage, advanced }: { pulse: ReportPulse; canManage: boolean; advanced: boolean }) {
  const month = pulse.this_month;
  const target = pulse.targets.interactions_per_educator_per_month;
  const perEducator = month.interactions_per_educator;
  const share = target !== null && perEducator !== null ? Math.min(1, perEducator / target) : null;
  return (
    <section className="tile dashboard-pulse__tile" aria-labelledby="pulse-month">
      <h3 id="pulse-month" className="tile__label">{t(m.monthTitle)}</h3>
      <p className="dashboard-pulse__figure">{formatInteger(month.interactions)}</p>
      <p className="dashboard-pulse__detail">
        {t(m.reached, { time: formatMinutes(month.minutes), count: month.educators_reached, roster: formatInteger(pulse.roster_size) })}
      </p>
      {target !== null ? (
        <>
          <p className="dashboard-pulse__detail">
            {tRich(m.perEducator, { value: perEducator === null ? '–' : decimal(perEducator), target: decimal(target), b: bold })}
          </p>
          {share !== null && (
            <ProgressBar done={Math.min(1, share) * 100} total={100} tone={share >= 1 ? 'success' : 'warning'} />
          )}
          {month.educators_below_target !== null && (
            <p className="dashboard-pulse__detail">
              {tRich(m.atTarget, {
                at: month.educators_at_target ?? 0,
                below: month.educators_below_target,
                link: (chunks) => (advanced
                  ? <Link to="/app/reports/teacher-level?preset=this-month&sort=interactions">{chunks}</Link>
                  : <>{chunks}</>),
              })}
            </p>
          )}
        </>
      ) : (
        <p className="dashboard-pulse__detail">
          {perEducator !== null && <>{tRich(m.soFar, { value: decimal(perEducator), b: bold })}</>}
          <span className="muted">{t(m.noTarget)}</span>{' '}
          {canManage ? <Link to="/app/settings/site">{t(m.setTargets)}</Link> : <span className="muted">{t(m.adminSets)}</span>}
        </p>
      )}
      <Link to="/app/reports?preset=this-month" className="dashboard-pulse__link">{t(m.seeMonth)}</Link>
    </section>
  );
}

/**
 * The pulse while it loads: as many tiles as the answer will have (the overdue-cycles tile comes with the
 * plan feature), each as tall as a loaded one (dashboard.css), so nothing below moves when the figures
 * arrive (issue 35: the dashboard shifted by 0.105).
 */
function PulseSkeleton({ tiles }: { tiles: number }) {
  return (
    <div className="tiles" role="status" aria-label={t(m.takingPulse)}>
      {Array.from({ length: tiles }, (_, i) => (
        <div key={i} className="tile dashboard-pulse__tile dashboard-pulse__tile--skeleton" aria-hidden="true">
          <span className="dashboard-pulse__placeholder dashboard-pulse__placeholder--label" />
          <span className="dashboard-pulse__placeholder dashboard-pulse__placeholder--figure" />
          <span className="dashboard-pulse__placeholder" />
        </div>
      ))}
    </div>
  );
}

export function PulsePanel({ user }: { user: AuthUser }) {
  const permissions = user.security.permissions;
  const allowed = !!user.district && hasPermission(permissions, PERMISSIONS.seeEngagement);
  const { data: pulse, error, mutate } = usePulse(allowed);
  if (!allowed) return null;
  const features = user.district?.features ?? [];
  const advanced = hasFeature(features, 'advanced-reports');
  const canManage = hasPermission(permissions, PERMISSIONS.manageSettings);
  const seesCycles = hasPermission(permissions, PERMISSIONS.seeSkillMapping);

  return (
    <section className="stack dashboard-pulse" aria-labelledby="dashboard-pulse-title">
      <div className="cluster cluster--between">
        <h2 id="dashboard-pulse-title" className="dashboard-section-title">{pulse ? t(TITLES[pulse.scope]) : t(m.pulse)}</h2>
        <Link to="/app/reports" className="text-sm">{t(m.openReports)}</Link>
      </div>
      {error && !pulse ? (
        <Alert tone="danger" title={t(m.loadFailed)}>
          <p>{error instanceof Error ? error.message : t(m.tryAgainText)}</p>
          <Button size="sm" variant="secondary" onClick={() => void mutate()}>{t(m.tryAgain)}</Button>
        </Alert>
      ) : !pulse ? (
        <PulseSkeleton tiles={hasFeature(features, 'coaching-cycles') ? 3 : 2} />
      ) : (
        <div className="tiles">
          <MonthTile pulse={pulse} canManage={canManage} advanced={advanced} />
          {pulse.overdue_cycles !== null && (
            <section className="tile dashboard-pulse__tile" aria-labelledby="pulse-overdue">
              <h3 id="pulse-overdue" className="tile__label">{t(m.overdueTitle)}</h3>
              <p className={['dashboard-pulse__figure', pulse.overdue_cycles > 0 && 'dashboard-pulse__figure--warn'].filter(Boolean).join(' ')}>
                {formatInteger(pulse.overdue_cycles)}
              </p>
              <p className="dashboard-pulse__detail">
                {t(pulse.overdue_cycles === 0 ? m.noneOverdue : m.someOverdue)}
              </p>
              {pulse.new_teachers_below_cycle_target !== null && pulse.targets.cycles_per_new_teacher_per_semester !== null && (
                <p className="dashboard-pulse__detail">
                  {tRich(m.newTeachers, { count: pulse.new_teachers_below_cycle_target, cycles: pulse.targets.cycles_per_new_teacher_per_semester, b: bold })}
                </p>
              )}
              {seesCycles ? (
                <Link to="/app/coaching?tab=cycles&view=list&due=overdue" className="dashboard-pulse__link">{t(m.seeOverdue)}</Link>
              ) : (
                <Link to="/app/reports/coaching-cycles" className="dashboard-pulse__link">{t(m.seeCyclesReport)}</Link>
              )}
            </section>
          )}
          <section className="tile dashboard-pulse__tile" aria-labelledby="pulse-unreached">
            <h3 id="pulse-unreached" className="tile__label">{t(m.unreachedTitle)}</h3>
            <p className={['dashboard-pulse__figure', pulse.not_reached_this_year > 0 && 'dashboard-pulse__figure--warn'].filter(Boolean).join(' ')}>
              {formatInteger(pulse.not_reached_this_year)}
            </p>
            <p className="dashboard-pulse__detail">
              {t(m.unreached, { scope: pulse.scope, roster: formatInteger(pulse.roster_size) })}
            </p>
            {advanced ? (
              <Link to="/app/reports/teacher-level?view=not-coached" className="dashboard-pulse__link">{t(m.seeNotCoached)}</Link>
            ) : (
              <Link to="/app/reports" className="dashboard-pulse__link">{t(m.seeYear)}</Link>
            )}
          </section>
        </div>
      )}
    </section>
  );
}
