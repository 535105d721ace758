// The Action steps card of View Educator (issue 29, item 2): this educator's open steps (overdue and due soon
// first, as the API orders them by due day) and the latest done or dropped ones with the educator's note.
// A coach, principal or administrator (`see educators` wider than their own record) sets a step here, marks
// one done, reopens or drops it; the educator on their own profile sees theirs and goes to Action steps.
import { Link } from 'react-router-dom';
import { useState } from 'react';
import { permissionScope, PERMISSIONS } from '../../../../common/permissions';
import type { AuthUser } from '../../../../common/authUser';
import type { StaffDetail } from '../../../../common/schemas/staff';
import { QueuedActionSteps } from '../../../components/outbox/QueuedRows';
import { ActionStepItem } from '../../../components/actionSteps/ActionStepItem';
import { useStepCommands } from '../../../components/actionSteps/useStepCommands';
import { Button } from '../../../components/Button';
import { LoadError } from '../../../components/LoadError';
import { LoadingBlock } from '../../../components/Spinner';
import { useActionSteps } from '../../../lib/actionSteps';
import { lazyPart } from '../../../lib/lazyPart';
import { useDateLocale, useToday } from '../../../lib/session';
import { Card } from './StaffParts';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  yourSteps: { id: 'staff.yourSteps', defaultMessage: 'Your action steps' },
  steps: { id: 'staff.steps', defaultMessage: 'Action steps' },
  setStep: { id: 'staff.setStep', defaultMessage: 'Set a step' },
  stepsLoadError: { id: 'staff.stepsLoadError', defaultMessage: 'An error occurred while fetching the action steps. Please try again later.' },
  loadingSteps: { id: 'staff.loadingSteps', defaultMessage: 'Loading action steps…' },
  noStepsOwn: { id: 'staff.noStepsOwn', defaultMessage: 'No action steps yet. Your coach sets them after a visit; you can add your own on Action steps.' },
  noStepsOther: { id: 'staff.noStepsOther', defaultMessage: 'No action steps for {name} yet.' },
  openSteps: { id: 'staff.openSteps', defaultMessage: '{count, plural, one {# open step} other {# open steps}}' },
  closedSteps: { id: 'staff.closedSteps', defaultMessage: '{count, plural, one {# done or dropped} other {# done or dropped}}' },
  latestClosed: { id: 'staff.latestClosed', defaultMessage: 'Latest done and dropped' },
  allYourSteps: { id: 'staff.allYourSteps', defaultMessage: 'All your action steps' },
});

const StepFormDialog = lazyPart('StepFormDialog', () => import('../../../components/actionSteps/StepDialogs').then((m) => m.StepFormDialog));

/** Done or dropped steps shown under the open ones. */
const CLOSED_SHOWN = 3;

export function ActionStepsSection({ staff, user }: { staff: StaffDetail; user: AuthUser }) {
  const today = useToday();
  const locale = useDateLocale();
  const scope = permissionScope(user.security.permissions, PERMISSIONS.seeEducators);
  const leads = scope !== null && scope !== 'self';
  const own = staff.user_id !== null && staff.user_id === user.id;
  const open = useActionSteps({ staff_id: [staff.id], status: ['open'] });
  const closed = useActionSteps({ staff_id: [staff.id], status: ['done', 'dropped'] }, { perPage: CLOSED_SHOWN });
  const commands = useStepCommands({ own });
  const [setting, setSetting] = useState(false);
  const name = `${staff.first_name} ${staff.last_name}`;
  const canSet = leads && !own && staff.status === 'active';

  const openRows = open.data?.data ?? [];
  const closedRows = closed.data?.data ?? [];
  const closedTotal = closed.data?.meta.total ?? 0;
  const failed = (open.error && !open.data) || (closed.error && !closed.data);
  const item = (s: (typeof openRows)[number]) => (
    <ActionStepItem key={s.id} step={s} today={today} locale={locale} selfId={user.id} own={own} busy={commands.busyOf(s)} onCommand={commands.onCommand} />
  );

  return (
    <Card
      id="staff-action-steps"
      title={own ? t(m.yourSteps) : t(m.steps)}
      action={canSet ? <Button variant="secondary" size="sm" onClick={() => setSetting(true)}>{t(m.setStep)}</Button> : undefined}
    >
      {/* Steps set without a signal, shown at once until they sync (issue 31). */}
      <QueuedActionSteps staffId={staff.id} />
      {failed ? (
        <LoadError message={t(m.stepsLoadError)} onRetry={() => { void open.mutate(); void closed.mutate(); }} />
      ) : !open.data || !closed.data ? (
        <LoadingBlock label={t(m.loadingSteps)} />
      ) : openRows.length === 0 && closedRows.length === 0 ? (
        <p className="muted">{own ? t(m.noStepsOwn) : t(m.noStepsOther, { name })}</p>
      ) : (
        <div className="stack stack--sm">
          <p className="muted text-sm">
            {t(m.openSteps, { count: open.data.meta.total })}
            {closedTotal > 0 && <> · {t(m.closedSteps, { count: closedTotal })}</>}
          </p>
          {openRows.length > 0 && <ul className="step-list">{openRows.map(item)}</ul>}
          {closedRows.length > 0 && (
            <>
              <h3 className="steps-subhead">{t(m.latestClosed)}</h3>
              <ul className="step-list">{closedRows.map(item)}</ul>
            </>
          )}
          {own && <Link to="/app/action-steps" className="text-sm">{t(m.allYourSteps)}</Link>}
        </div>
      )}
      {setting && <StepFormDialog staff={{ id: staff.id, name }} own={false} onClose={() => setSetting(false)} />}
      {commands.dialogs}
    </Card>
  );
}
