// The district's pulse on the dashboard (users with `see engagement`, figures within their scope):
// this month's interactions against the coaching target, overdue coaching cycles and educators not
// yet reached this school year, each linking to the report or list behind it.
import { Link } from 'react-router-dom';
import type { AuthUser } from '../../../../common/authUser';
import { hasFeature, hasPermission, PERMISSIONS } from '../../../../common/permissions';
import type { ReportPulse } from '../../../../common/schemas/pulse';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { formatInteger } from '../../../lib/format';
import { formatMinutes } from '../../../lib/zonedTime';
import { usePulse } from '../api';
import { plural, pluralWord } from '../../../../common/plural';

const TITLES: Record<ReportPulse['scope'], string> = {
  district: 'District pulse',
  building: 'Your schools\' pulse',
  self: 'Your coaching pulse',
};

const decimal = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });

function MonthTile({ pulse, canManage, advanced }: { pulse: ReportPulse; canManage: boolean; advanced: boolean }) {
  const m = pulse.this_month;
  const target = pulse.targets.interactions_per_educator_per_month;
  const perEducator = m.interactions_per_educator;
  const share = target !== null && perEducator !== null ? Math.min(1, perEducator / target) : null;
  return (
    <section className="tile dashboard-pulse__tile" aria-labelledby="pulse-month">
      <h3 id="pulse-month" className="tile__label">Interactions this month</h3>
      <p className="dashboard-pulse__figure">{formatInteger(m.interactions)}</p>
      <p className="dashboard-pulse__detail">
        {formatMinutes(m.minutes)} · {plural(m.educators_reached, 'educator', 'educators')} of {formatInteger(pulse.roster_size)} reached
      </p>
      {target !== null ? (
        <>
          <p className="dashboard-pulse__detail">
            <strong>{perEducator === null ? '–' : decimal(perEducator)}</strong> per educator against a target of{' '}
            <strong>{decimal(target)}</strong> a month
          </p>
          {share !== null && (
            <div className={['dashboard-pulse__bar', share >= 1 && 'dashboard-pulse__bar--met'].filter(Boolean).join(' ')} aria-hidden="true">
              <span style={{ width: `${Math.round(share * 100)}%` }} />
            </div>
          )}
          {m.educators_below_target !== null && (
            <p className="dashboard-pulse__detail">
              {plural(m.educators_at_target ?? 0, 'educator has', 'educators have')} reached it;{' '}
              {advanced ? (
                <Link to="/app/reports/teacher-level?preset=this-month&sort=interactions">
                  {plural(m.educators_below_target, 'is', 'are')} below target
                </Link>
              ) : (
                <>{plural(m.educators_below_target, 'is', 'are')} below target</>
              )}
              .
            </p>
          )}
        </>
      ) : (
        <p className="dashboard-pulse__detail">
          {perEducator !== null && <><strong>{decimal(perEducator)}</strong> per educator so far. </>}
          <span className="muted">No monthly target set.</span>{' '}
          {canManage ? <Link to="/app/settings/site">Set coaching targets</Link> : <span className="muted">Your district administrator can set one in Site settings.</span>}
        </p>
      )}
      <Link to="/app/reports?preset=this-month" className="dashboard-pulse__link">See this month's interactions</Link>
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
    <div className="tiles" role="status" aria-label="Taking the pulse…">
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
        <h2 id="dashboard-pulse-title" className="dashboard-section-title">{pulse ? TITLES[pulse.scope] : 'Pulse'}</h2>
        <Link to="/app/reports" className="text-sm">Open Reports</Link>
      </div>
      {error && !pulse ? (
        <Alert tone="danger" title="We could not load the pulse.">
          <p>{error instanceof Error ? error.message : 'Please try again.'}</p>
          <Button size="sm" variant="secondary" onClick={() => void mutate()}>Try again</Button>
        </Alert>
      ) : !pulse ? (
        <PulseSkeleton tiles={hasFeature(features, 'coaching-cycles') ? 3 : 2} />
      ) : (
        <div className="tiles">
          <MonthTile pulse={pulse} canManage={canManage} advanced={advanced} />
          {pulse.overdue_cycles !== null && (
            <section className="tile dashboard-pulse__tile" aria-labelledby="pulse-overdue">
              <h3 id="pulse-overdue" className="tile__label">Overdue coaching cycles</h3>
              <p className={['dashboard-pulse__figure', pulse.overdue_cycles > 0 && 'dashboard-pulse__figure--warn'].filter(Boolean).join(' ')}>
                {formatInteger(pulse.overdue_cycles)}
              </p>
              <p className="dashboard-pulse__detail">
                {pulse.overdue_cycles === 0 ? 'Every open cycle is within its stage\'s expected days.' : 'Open cycles past their stage\'s expected days.'}
              </p>
              {pulse.new_teachers_below_cycle_target !== null && pulse.targets.cycles_per_new_teacher_per_semester !== null && (
                <p className="dashboard-pulse__detail">
                  <strong>{plural(pulse.new_teachers_below_cycle_target, 'new teacher', 'new teachers')}</strong>{' '}
                  {pluralWord(pulse.new_teachers_below_cycle_target, 'has', 'have')} fewer than{' '}
                  {plural(pulse.targets.cycles_per_new_teacher_per_semester, 'cycle', 'cycles')} this semester (the district's target).
                </p>
              )}
              {seesCycles ? (
                <Link to="/app/coaching?tab=cycles&view=list&due=overdue" className="dashboard-pulse__link">See overdue cycles</Link>
              ) : (
                <Link to="/app/reports/coaching-cycles" className="dashboard-pulse__link">See the coaching cycles report</Link>
              )}
            </section>
          )}
          <section className="tile dashboard-pulse__tile" aria-labelledby="pulse-unreached">
            <h3 id="pulse-unreached" className="tile__label">Not yet reached this school year</h3>
            <p className={['dashboard-pulse__figure', pulse.not_reached_this_year > 0 && 'dashboard-pulse__figure--warn'].filter(Boolean).join(' ')}>
              {formatInteger(pulse.not_reached_this_year)}
            </p>
            <p className="dashboard-pulse__detail">
              {pulse.scope === 'self' ? 'Educators in your caseload' : 'Active educators'} without a completed interaction since the school year began,
              out of {formatInteger(pulse.roster_size)}.
            </p>
            {advanced ? (
              <Link to="/app/reports/teacher-level?view=not-coached" className="dashboard-pulse__link">See who has not been coached</Link>
            ) : (
              <Link to="/app/reports" className="dashboard-pulse__link">See this school year's interactions</Link>
            )}
          </section>
        </div>
      )}
    </section>
  );
}
