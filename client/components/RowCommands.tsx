// The commands a list offers on one row (resend an invitation, revoke it, deactivate, reactivate): which one
// runs (its button busy), which one asks first in a ConfirmDialog, and a toast for every outcome (the server's
// message when it refuses). Users and the admin Users screens share it.
import { type ReactNode, useState } from 'react';
import { messageOf } from '../lib/formErrors';
import { ConfirmDialog } from './Modal';
import { useToast } from './Toasts';

/** What the confirmation of a command says. */
export type CommandCopy = { title: string; message: ReactNode; confirm: string; danger: boolean };

/** C: every command; A: those that ask first. */
export type RowCommands<C extends string, A extends C = C> = {
  /** The command running now. */
  busy: C | null;
  /** The command waiting for its confirmation. */
  asking: A | null;
  ask: (command: A | null) => void;
  run: (command: C) => Promise<void>;
};

/** `perform` runs a command and answers the changed row; `success` is the toast that says what happened. */
export function useRowCommands<C extends string, R, A extends C = C>(
  perform: (command: C) => Promise<R>, success: (command: C, row: R) => string,
): RowCommands<C, A> {
  const toast = useToast();
  const [busy, setBusy] = useState<C | null>(null);
  const [asking, setAsking] = useState<A | null>(null);
  async function run(command: C) {
    setBusy(command);
    try {
      toast.success(success(command, await perform(command)));
    } catch (err) {
      toast.error(messageOf(err));
    } finally {
      setAsking(null);
      setBusy(null);
    }
  }
  return { busy, asking, ask: setAsking, run };
}

/** The confirmation of the command being asked about (nothing while none is). */
export function ConfirmCommand<C extends string, A extends C>({ commands, copy }: { commands: RowCommands<C, A>; copy: (command: A) => CommandCopy }) {
  const { asking } = commands;
  if (!asking) return null;
  const { title, message, confirm, danger } = copy(asking);
  return (
    <ConfirmDialog
      open
      title={title}
      message={message}
      confirmLabel={confirm}
      danger={danger}
      busy={commands.busy === asking}
      onConfirm={() => void commands.run(asking)}
      onCancel={() => commands.ask(null)}
    />
  );
}
