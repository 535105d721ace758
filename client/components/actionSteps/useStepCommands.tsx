// What a list of action steps does with its buttons (issue 29, item 2): "Mark done" and "Edit" open their
// dialogs (loaded when first opened), "Drop" asks first, "Reopen" runs at once; a toast says what happened.
import { type ReactNode, useState } from 'react';
import type { ActionStep } from '../../../common/schemas/actionSteps';
import { ApiError } from '../../lib/api';
import { actionStepApi } from '../../lib/actionSteps';
import { lazyPart } from '../../lib/lazyPart';
import { useToast } from '../Toasts';
import type { StepCommand } from './ActionStepItem';
import { defineMessages, t } from '../../lib/i18n';

const m = defineMessages({
  reopened: { id: 'actionSteps.reopened', defaultMessage: '“{title}” is open again.' },
  droppedToast: { id: 'actionSteps.droppedToast', defaultMessage: '“{title}” is dropped.' },
  failed: { id: 'actionSteps.failed', defaultMessage: 'Something went wrong. Please try again.' },
  dropTitle: { id: 'actionSteps.dropTitle', defaultMessage: 'Drop this action step?' },
  dropLabel: { id: 'actionSteps.dropLabel', defaultMessage: 'Drop step' },
  dropBody: { id: 'actionSteps.dropBody', defaultMessage: '“{title}” stays in {name}\'s list as dropped. You can reopen it later.' },
});

const StepFormDialog = lazyPart('StepFormDialog', () => import('./StepDialogs').then((m) => m.StepFormDialog));
const CompleteStepDialog = lazyPart('CompleteStepDialog', () => import('./StepDialogs').then((m) => m.CompleteStepDialog));
// Like the others, loaded when first opened: the lists of steps (an educator's page) paint without the dialog code.
const ConfirmDialog = lazyPart('ConfirmDialog', () => import('../Modal').then((m) => m.ConfirmDialog));

export function useStepCommands({ own }: { own: boolean }): {
  onCommand: (command: StepCommand, step: ActionStep) => void;
  busyOf: (step: ActionStep) => StepCommand | null;
  dialogs: ReactNode;
} {
  const toast = useToast();
  const [open, setOpen] = useState<{ command: StepCommand; step: ActionStep } | null>(null);
  const [busy, setBusy] = useState<{ command: StepCommand; id: number } | null>(null);

  async function run(command: 'reopen' | 'drop', step: ActionStep) {
    setBusy({ command, id: step.id });
    try {
      await actionStepApi[command](step.id);
      toast.success(command === 'reopen' ? t(m.reopened, { title: step.title }) : t(m.droppedToast, { title: step.title }));
      setOpen(null);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : t(m.failed));
    } finally {
      setBusy(null);
    }
  }

  const onCommand = (command: StepCommand, step: ActionStep) => {
    if (command === 'reopen') void run('reopen', step);
    else setOpen({ command, step });
  };
  const close = () => setOpen(null);
  const dialogs = open && (
    open.command === 'complete' ? <CompleteStepDialog step={open.step} own={own} onClose={close} />
      : open.command === 'edit' ? <StepFormDialog staff={open.step.educator} step={open.step} own={own} onClose={close} />
        : open.command === 'drop' ? (
          <ConfirmDialog open title={t(m.dropTitle)} danger confirmLabel={t(m.dropLabel)} busy={busy?.command === 'drop'}
            message={<p>{t(m.dropBody, { title: open.step.title, name: open.step.educator.name })}</p>}
            onConfirm={() => void run('drop', open.step)} onCancel={close} />
        ) : null
  );
  return { onCommand, busyOf: (step) => (busy?.id === step.id ? busy.command : null), dialogs };
}
