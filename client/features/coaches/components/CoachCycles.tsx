// A coach's open coaching cycles (View Coach, issue 10), for callers who see skill mapping, on a plan
// with coaching cycles. The API applies the caller's scope.
import { Link } from 'react-router-dom';
import { hasFeature, hasPermission, PERMISSIONS } from '../../../../common/permissions';
import type { AuthUser } from '../../../../common/authUser';
import { CycleItem } from '../../../components/CycleBadges';
import { useCycles } from '../../../lib/cycles';
import { defineMessages, t, tRich } from '../../../lib/i18n';

const m = defineMessages({
  openCycles: { id: 'coaches.openCycles', defaultMessage: 'Open coaching cycles' },
  noOpenCycles: { id: 'coaches.noOpenCycles', defaultMessage: 'No open cycles.' },
  cyclesShowing: { id: 'coaches.cyclesShowing', defaultMessage: 'Showing {shown, number} of {total, number}. <link>See them all</link>' },
});

export function CoachCycles({ coachId, user }: { coachId: number; user: AuthUser }) {
  const visible = hasFeature(user.district?.features ?? [], 'coaching-cycles') && hasPermission(user.security.permissions, PERMISSIONS.seeSkillMapping);
  const { data } = useCycles({ coach_id: [coachId], status: ['planned', 'active'] }, { enabled: visible, perPage: 10 });
  if (!visible || !data) return null;
  return (
    <section className="stack stack--sm coaches-section" aria-labelledby="coaches-cycles-title">
      <h2 id="coaches-cycles-title" className="coaches-section__title">{t(m.openCycles)}</h2>
      {data.data.length === 0 ? (
        <p className="muted">{t(m.noOpenCycles)}</p>
      ) : (
        <ul className="card cycle-list coaches-cycles">
          {data.data.map((c) => <CycleItem key={c.id} cycle={c} show="educators" href={`/app/coaching?tab=cycles&cycle=${c.id}`} />)}
        </ul>
      )}
      {data.meta.total > data.data.length && (
        <p className="muted text-sm">{tRich(m.cyclesShowing, { shown: data.data.length, total: data.meta.total, link: (chunks) => <Link to={`/app/coaching?tab=cycles&coach=${coachId}`}>{chunks}</Link> })}</p>
      )}
    </section>
  );
}
