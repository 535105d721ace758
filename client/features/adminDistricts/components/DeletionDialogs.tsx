// Deleting a district (issue 32), the District view's three dialogs: "Schedule deletion" (what the 30 days mean and
// what happens then), "Restore" (lift the schedule) and "Delete now" (the district's name typed exactly; the button is
// enabled only when it matches, and the server compares it again; the server answers at once and purges in the
// background, the District view shows the progress). Provider administrators only.
import { useState } from 'react';
import type { AdminDistrictDetail } from '../../../../common/schemas/adminDistricts';
import { DELETION_GRACE_DAYS } from '../../../../common/districtDeletionValues';
import { plural, pluralWord } from '../../../../common/plural';
import { Button } from '../../../components/Button';
import { FormError, TextField } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { useToast } from '../../../components/Toasts';
import { ApiError } from '../../../lib/api';
import { messageOf } from '../../../lib/formErrors';
import { useInstantFormat } from '../../../lib/session';
import { purgeDistrict, restoreDeletion, scheduleDeletion } from '../api';

export type DeletionAction = 'schedule-deletion' | 'restore-deletion' | 'purge';

type Props = { district: AdminDistrictDetail; action: DeletionAction | null; onClose: () => void };

export function DeletionDialog({ district, action, onClose }: Props) {
  return (
    <>
      {action === 'schedule-deletion' && <ScheduleDialog district={district} onClose={onClose} />}
      {action === 'restore-deletion' && <RestoreDialog district={district} onClose={onClose} />}
      {action === 'purge' && <PurgeDialog district={district} onClose={onClose} />}
    </>
  );
}

type DialogProps = { district: AdminDistrictDetail; onClose: () => void };

/** Runs a command once: busy while it runs, its refusal shown in words. */
function useCommand() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (command: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await command();
      return true;
    } catch (err) {
      setError(messageOf(err, 'The change could not be saved. Please try again.'));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

function ScheduleDialog({ district, onClose }: DialogProps) {
  const toast = useToast();
  const when = useInstantFormat();
  const command = useCommand();
  const due = new Date(Date.now() + DELETION_GRACE_DAYS * 24 * 3600_000).toISOString();
  const confirm = async () => {
    if (await command.run(async () => {
      const updated = await scheduleDeletion(district.id);
      toast.success(`${district.name} is scheduled for deletion on ${when.date(updated.deletion!.due_at)}.`);
    })) onClose();
  };
  return (
    <Modal open title={`Schedule the deletion of ${district.name}?`} onClose={onClose} dismissible={!command.busy}
      footer={(
        <>
          <Button variant="secondary" onClick={onClose} disabled={command.busy}>Cancel</Button>
          <Button variant="danger" busy={command.busy} onClick={() => void confirm()}>Schedule deletion</Button>
        </>
      )}>
      <div className="stack">
        <FormError error={command.error} />
        <ul className="adm-consequences">
          <li>Its {plural(district.users.total, 'login', 'logins')} {pluralWord(district.users.total, 'is', 'are')} signed out now and cannot sign in; the sign-in page tells them the district is scheduled for deletion and whom to contact.</li>
          <li>For {DELETION_GRACE_DAYS} days (until about {when.date(due)}) nothing is deleted, and Restore undoes this.</li>
          <li>Then every record of the district is deleted for good: its people, educators, coaching records, settings, files, billing and logs. Their email addresses become free.</li>
          <li>A certificate of deletion is emailed to its administrators and billing contact, and kept under Deleted districts.</li>
        </ul>
      </div>
    </Modal>
  );
}

function RestoreDialog({ district, onClose }: DialogProps) {
  const toast = useToast();
  const command = useCommand();
  const confirm = async () => {
    if (await command.run(async () => {
      await restoreDeletion(district.id);
      toast.success(`${district.name} is restored: its people can sign in again.`);
    })) onClose();
  };
  return (
    <Modal open title={`Restore ${district.name}?`} onClose={onClose} dismissible={!command.busy}
      footer={(
        <>
          <Button variant="secondary" onClick={onClose} disabled={command.busy}>Cancel</Button>
          <Button busy={command.busy} onClick={() => void confirm()}>Restore district</Button>
        </>
      )}>
      <div className="stack">
        <FormError error={command.error} />
        <p>The scheduled deletion is cancelled. Its people can sign in again, and the district keeps its plan, status and data as they are.</p>
      </div>
    </Modal>
  );
}

function PurgeDialog({ district, onClose }: DialogProps) {
  const toast = useToast();
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string[]>([]);
  const command = useCommand();
  const matches = name === district.name;
  const confirm = async () => {
    if (!matches) return;
    setFieldError([]);
    const ok = await command.run(async () => {
      try {
        await purgeDistrict(district.id, name);
      } catch (err) {
        const errors = err instanceof ApiError ? err.errors?.confirm_name : undefined;
        if (errors) setFieldError(errors);
        throw err;
      }
    });
    if (ok) {
      // The purge runs on the server in batches; this page shows its progress until the district is gone.
      toast.success(`Deleting ${district.name}. Its certificate will be under Deleted districts when it is done.`);
      onClose();
    }
  };
  return (
    <Modal open title={`Delete ${district.name} now?`} onClose={onClose} dismissible={!command.busy}
      footer={(
        <>
          <Button variant="secondary" onClick={onClose} disabled={command.busy}>Cancel</Button>
          <Button type="submit" form="adm-purge-form" variant="danger" busy={command.busy} disabled={!matches}>Delete district now</Button>
        </>
      )}>
      <form id="adm-purge-form" className="form stack" noValidate onSubmit={(e) => { e.preventDefault(); void confirm(); }}>
        <FormError error={fieldError.length ? null : command.error} />
        <p>
          This deletes every record of the district now and cannot be undone: its people and their logins, educators, coaching
          records, settings, files, billing and logs. Once it starts the district cannot be restored. A large district takes a few
          minutes; this page shows the progress, and a certificate of deletion is emailed to its administrators and billing contact.
        </p>
        <TextField
          label="Type the district's name to confirm" required autoComplete="off" spellCheck={false}
          hint={<>Exactly as shown: <strong>{district.name}</strong></>}
          name="confirm_name" value={name} onChange={setName} error={fieldError}
        />
      </form>
    </Modal>
  );
}
