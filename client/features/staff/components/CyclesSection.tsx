// The Coaching cycles section of View Educator (issue 10): the cycles this educator is in that the caller
// may see (the API applies the scope; an educator sees their own), open ones first. Shown on a plan with
// coaching cycles; each title opens the cycle in the coaching workspace for those who may open it, and
// those who run cycles (`see skill mapping`) start one here with this educator already chosen.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { hasFeature, hasPermission, permissionScope, PERMISSIONS } from '../../../../common/permissions';
import type { AuthUser } from '../../../../common/authUser';
import type { StaffDetail } from '../../../../common/schemas/staff';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { CycleItem } from '../../../components/CycleBadges';
import { LoadingBlock } from '../../../components/Spinner';
import { revalidateCycles, useCycles } from '../../../lib/cycles';
import { Card } from './StaffParts';
import { lazyPart } from '../../../lib/lazyPart';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  yourCycles: { id: 'staff.yourCycles', defaultMessage: 'Your coaching cycles' },
  cycles: { id: 'staff.cycles', defaultMessage: 'Coaching cycles' },
  startCycle: { id: 'staff.startCycle', defaultMessage: 'Start a cycle' },
  cyclesFailed: { id: 'staff.cyclesFailed', defaultMessage: 'We could not load the coaching cycles.' },
  loadingCycles: { id: 'staff.loadingCycles', defaultMessage: 'Loading coaching cycles…' },
  noCyclesOwn: { id: 'staff.noCyclesOwn', defaultMessage: 'You are not in a coaching cycle yet.' },
  noCyclesOther: { id: 'staff.noCyclesOther', defaultMessage: 'No coaching cycles with this educator yet.' },
  cyclesShowing: { id: 'staff.cyclesShowing', defaultMessage: 'Showing {shown, number} of {total, plural, one {# cycle} other {# cycles}}.' },
});

// Loaded when "Start a cycle" is chosen: the profile's first paint does not need the form.
const NewCycleDialog = lazyPart('NewCycleDialog', () => import('../../../components/cycles/NewCycleDialog').then((m) => m.NewCycleDialog));

export function CyclesSection({ staff, user }: { staff: StaffDetail; user: AuthUser }) {
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);
  const available = hasFeature(user.district?.features ?? [], 'coaching-cycles');
  const { data, error, isLoading } = useCycles({ staff_id: [staff.id] }, { enabled: available, perPage: 20 });
  if (!available || (error && error.status === 403)) return null;
  const opensWorkspace = hasPermission(user.security.permissions, PERMISSIONS.seeSkillMapping);
  const own = staff.user_id !== null && staff.user_id === user.id;
  const canStart = opensWorkspace && !own && staff.status === 'active';
  const rows = data?.data ?? [];
  return (
    <Card
      id="staff-cycles"
      title={own ? t(m.yourCycles) : t(m.cycles)}
      action={canStart ? <Button variant="secondary" size="sm" onClick={() => setStarting(true)}>{t(m.startCycle)}</Button> : undefined}
    >
      {error ? (
        <Alert tone="danger" title={t(m.cyclesFailed)}><p>{error.message}</p></Alert>
      ) : isLoading && !data ? (
        <LoadingBlock label={t(m.loadingCycles)} />
      ) : rows.length === 0 ? (
        <p className="muted">{own ? t(m.noCyclesOwn) : t(m.noCyclesOther)}</p>
      ) : (
        <ul className="cycle-list">
          {rows.map((c) => (
            <CycleItem key={c.id} cycle={c} show="coach" href={opensWorkspace ? `/app/coaching?tab=cycles&cycle=${c.id}` : null} />
          ))}
        </ul>
      )}
      {data && data.meta.total > rows.length && <p className="muted text-sm">{t(m.cyclesShowing, { shown: rows.length, total: data.meta.total })}</p>}
      {canStart && starting && (
        <NewCycleDialog
          open
          onClose={() => setStarting(false)}
          onCreated={(cycle) => {
            setStarting(false);
            void revalidateCycles();
            navigate(`/app/coaching?tab=cycles&cycle=${cycle.id}`);
          }}
          timeZone={user.district?.timezone ?? user.timezone}
          canChooseCoach={permissionScope(user.security.permissions, PERMISSIONS.seeSkillMapping) === 'district'}
          userId={user.id}
          initialEducators={[{ id: staff.id, name: `${staff.first_name} ${staff.last_name}` }]}
        />
      )}
    </Card>
  );
}
