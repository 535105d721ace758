// /app/action-steps — Action steps (issue 29, item 2). For an educator: their own steps, overdue and due soon
// first, then the rest of the open ones, then what is done (with their note) or dropped; they add their own
// and mark one done with a note on what they tried and how it went. For a coach or principal who opens the
// address: the steps of the educators their scope reaches, with each educator's name (steps are set on the
// educator's page). Every "today" is the person's day (useToday).
import { type ReactNode, useState } from 'react';
import { permissionScope, PERMISSIONS } from '../../../common/permissions';
import { actionStepDue } from '../../../common/actionStepValues';
import type { ActionStep } from '../../../common/schemas/actionSteps';
import type { ScreenProps } from '../../app/routeTable';
import { ActionStepItem } from '../../components/actionSteps/ActionStepItem';
import { useStepCommands } from '../../components/actionSteps/useStepCommands';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { QueuedActionSteps } from '../../components/outbox/QueuedRows';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { useOwnEducator } from '../../lib/lookups';
import { useActionSteps } from '../../lib/actionSteps';
import { lazyPart } from '../../lib/lazyPart';
import { useAuthUser, useDateLocale, useToday } from '../../lib/session';
import { defineMessages, t } from '../../lib/i18n';

const m = defineMessages({
  stepCount: { id: 'actionSteps.stepCount', defaultMessage: '{count, plural, one {# step} other {# steps}}' },
  openCount: { id: 'actionSteps.openCount', defaultMessage: '{count, plural, one {# open step} other {# open steps}}' },
  overdueCount: { id: 'actionSteps.overdueCount', defaultMessage: '{count} overdue' },
  soonCount: { id: 'actionSteps.soonCount', defaultMessage: '{count} due soon' },
  title: { id: 'actionSteps.title', defaultMessage: 'Action steps' },
  descriptionOwn: { id: 'actionSteps.descriptionOwn', defaultMessage: 'What you and your coach agreed to try next. When you have tried one, mark it done and say how it went: your coach reads your note.' },
  descriptionOthers: { id: 'actionSteps.descriptionOthers', defaultMessage: 'The action steps of the educators you can see. Set a step from an educator’s page.' },
  addStep: { id: 'actionSteps.addAStep', defaultMessage: 'Add a step' },
  loadError: { id: 'actionSteps.loadError', defaultMessage: 'An error occurred while fetching the action steps. Please try again later.' },
  loading: { id: 'actionSteps.loading', defaultMessage: 'Loading action steps…' },
  emptyTitle: { id: 'actionSteps.emptyTitle', defaultMessage: 'No action steps yet' },
  addFirst: { id: 'actionSteps.addFirst', defaultMessage: 'Add your first step' },
  emptyOwn: { id: 'actionSteps.emptyOwn', defaultMessage: 'When your coach sets a next step after a visit or an observation, it appears here. You can add your own too.' },
  emptyOthers: { id: 'actionSteps.emptyOthers', defaultMessage: 'When a coach sets a next step for an educator, it appears here.' },
  overdue: { id: 'actionSteps.overdue', defaultMessage: 'Overdue' },
  dueSoon: { id: 'actionSteps.dueSoon', defaultMessage: 'Due soon' },
  later: { id: 'actionSteps.later', defaultMessage: 'Later' },
  open: { id: 'actionSteps.open', defaultMessage: 'Open' },
  nothingOpen: { id: 'actionSteps.nothingOpen', defaultMessage: 'Nothing open right now.' },
  doneAndDropped: { id: 'actionSteps.doneAndDropped', defaultMessage: 'Done and dropped' },
  latestShown: { id: 'actionSteps.latestShown', defaultMessage: 'The latest {shown} shown ({done} done).' },
});

const StepFormDialog = lazyPart('StepFormDialog', () => import('../../components/actionSteps/StepDialogs').then((m) => m.StepFormDialog));

/** Closed steps shown: the latest this many. */
const CLOSED_SHOWN = 20;

function Section({ id, title, steps, children }: { id: string; title: string; steps: number; children: ReactNode }) {
  return (
    <section className="card steps-section" aria-labelledby={id}>
      <header className="card__header">
        <h2 className="card__title" id={id}>{title}</h2>
        <span className="muted text-sm">{t(m.stepCount, { count: steps })}</span>
      </header>
      {children}
    </section>
  );
}

export default function ActionStepsScreen(_props: ScreenProps) {
  const { user } = useAuthUser();
  const today = useToday();
  const locale = useDateLocale();
  const educator = user ? permissionScope(user.security.permissions, PERMISSIONS.seeEducators) === 'self' : false;
  const own = useOwnEducator(educator);
  const openSteps = useActionSteps({ status: ['open'] });
  const closedSteps = useActionSteps({ status: ['done', 'dropped'] }, { perPage: CLOSED_SHOWN });
  const commands = useStepCommands({ own: educator });
  const [adding, setAdding] = useState(false);
  if (!user) return null;
  const me = educator ? own.data?.[0] : undefined;

  const open = openSteps.data?.data ?? [];
  const overdue = open.filter((s) => actionStepDue(s, today) === 'overdue');
  const soon = open.filter((s) => actionStepDue(s, today) === 'due-soon');
  const later = open.filter((s) => actionStepDue(s, today) === null);
  const closed = closedSteps.data?.data ?? [];
  const closedTotal = closedSteps.data?.meta.total ?? 0;
  const doneCount = closed.filter((s) => s.status === 'done').length;

  const list = (steps: ActionStep[]) => (
    <ul className="step-list">
      {steps.map((s) => (
        <ActionStepItem key={s.id} step={s} today={today} locale={locale} selfId={user.id} own={educator} withEducator={!educator}
          busy={commands.busyOf(s)} onCommand={commands.onCommand} />
      ))}
    </ul>
  );

  const loading = (!openSteps.data && !openSteps.error) || (!closedSteps.data && !closedSteps.error);
  const failed = (openSteps.error && !openSteps.data) || (closedSteps.error && !closedSteps.data);
  const summary = [
    t(m.openCount, { count: open.length }),
    overdue.length > 0 ? t(m.overdueCount, { count: overdue.length }) : null,
    soon.length > 0 ? t(m.soonCount, { count: soon.length }) : null,
  ].filter(Boolean).join(' · ');

  return (
    <div className="stack steps-screen">
      <PageHeader
        title={t(m.title)}
        description={educator ? t(m.descriptionOwn) : t(m.descriptionOthers)}
        actions={me ? <Button onClick={() => setAdding(true)}>{t(m.addStep)}</Button> : undefined}
      />
      {/* Steps added without a signal, shown at once until they sync (issue 31). */}
      <QueuedActionSteps />
      {failed ? (
        <LoadError message={t(m.loadError)} onRetry={() => { void openSteps.mutate(); void closedSteps.mutate(); }} />
      ) : loading ? (
        <LoadingBlock label={t(m.loading)} />
      ) : open.length === 0 && closed.length === 0 ? (
        <EmptyState title={t(m.emptyTitle)}
          action={me ? <Button variant="secondary" onClick={() => setAdding(true)}>{t(m.addFirst)}</Button> : undefined}>
          <p>{educator ? t(m.emptyOwn) : t(m.emptyOthers)}</p>
        </EmptyState>
      ) : (
        <>
          <p className="muted" aria-live="polite">{summary}</p>
          {overdue.length > 0 && <Section id="steps-overdue" title={t(m.overdue)} steps={overdue.length}>{list(overdue)}</Section>}
          {soon.length > 0 && <Section id="steps-soon" title={t(m.dueSoon)} steps={soon.length}>{list(soon)}</Section>}
          {later.length > 0 && (
            <Section id="steps-open" title={overdue.length + soon.length > 0 ? t(m.later) : t(m.open)} steps={later.length}>{list(later)}</Section>
          )}
          {open.length === 0 && <p className="muted">{t(m.nothingOpen)}</p>}
          {closed.length > 0 && (
            <Section id="steps-done" title={t(m.doneAndDropped)} steps={closedTotal}>
              {list(closed)}
              {closedTotal > closed.length && <p className="muted text-sm">{t(m.latestShown, { shown: closed.length, done: doneCount })}</p>}
            </Section>
          )}
        </>
      )}
      {adding && me && (
        <StepFormDialog staff={{ id: me.id, name: `${me.first_name} ${me.last_name}` }} own onClose={() => setAdding(false)} />
      )}
      {commands.dialogs}
    </div>
  );
}
