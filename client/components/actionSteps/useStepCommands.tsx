// What a list of action steps does with its buttons (issue 29, item 2): "Mark done" and "Edit" open their
// dialogs (loaded when first opened), "Drop" asks first, "Reopen" runs at once; a toast says what happened.
import { type ReactNode, useState } from 'react';
import type { ActionStep } from '../../../common/schemas/actionSteps';
import { ApiError } from '../../lib/api';
import { actionStepApi } from '../../lib/actionSteps';
import { lazyPart } from '../../lib/lazyPart';
import { ConfirmDialog } from '../Modal';
import { useToast } from '../Toasts';
import type { StepCommand } from './ActionStepItem';

const StepFormDialog = lazyPart('StepFormDialog', () => import('./StepDialogs').then((m) => m.StepFormDialog));
const CompleteStepDialog = lazyPart('CompleteStepDialog', () => import('./StepDialogs').then((m) => m.CompleteStepDialog));

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
      toast.success(command === 'reopen' ? `“${step.title}” is open again.` : `“${step.title}” is dropped.`);
      setOpen(null);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
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
          <ConfirmDialog open title="Drop this action step?" danger confirmLabel="Drop step" busy={busy?.command === 'drop'}
            message={<p>“{open.step.title}” stays in {open.step.educator.name}'s list as dropped. You can reopen it later.</p>}
            onConfirm={() => void run('drop', open.step)} onCancel={close} />
        ) : null
  );
  return { onCommand, busyOf: (step) => (busy?.id === step.id ? busy.command : null), dialogs };
}
