// Deleting a district (issue 32), the District view's three dialogs: "Schedule deletion" (what the 30 days mean and
// what happens then), "Restore" (lift the schedule) and "Delete now" (the district's name typed exactly; the button is
// enabled only when it matches, and the server compares it again; the server answers at once and purges in the
// background, the District view shows the progress). Provider administrators only.
import { useState } from 'react';
import type { AdminDistrictDetail } from '../../../../common/schemas/adminDistricts';
import { DELETION_GRACE_DAYS } from '../../../../common/districtDeletionValues';
import { Button } from '../../../components/Button';
import { FormError, TextField } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { useToast } from '../../../components/Toasts';
import { ApiError } from '../../../lib/api';
import { messageOf } from '../../../lib/formErrors';
import { defineMessages, t, tRich } from '../../../lib/i18n';
import { useInstantFormat } from '../../../lib/session';
import { purgeDistrict, restoreDeletion, scheduleDeletion } from '../api';

const m = defineMessages({
  saveFailed: { id: 'adminDistricts.deletion.saveFailed', defaultMessage: 'The change could not be saved. Please try again.' },
  cancel: { id: 'adminDistricts.deletion.cancel', defaultMessage: 'Cancel' },
  scheduled: { id: 'adminDistricts.deletion.scheduled', defaultMessage: '{name} is scheduled for deletion on {date}.' },
  scheduleTitle: { id: 'adminDistricts.deletion.scheduleTitle', defaultMessage: 'Schedule the deletion of {name}?' },
  scheduleDeletion: { id: 'adminDistricts.deletion.scheduleDeletion', defaultMessage: 'Schedule deletion' },
  scheduleLogins: { id: 'adminDistricts.deletion.scheduleLogins', defaultMessage: '{count, plural, one {Its # login is signed out now and cannot sign in; the sign-in page tells them the district is scheduled for deletion and whom to contact.} other {Its # logins are signed out now and cannot sign in; the sign-in page tells them the district is scheduled for deletion and whom to contact.}}' },
  scheduleGrace: { id: 'adminDistricts.deletion.scheduleGrace', defaultMessage: 'For {days} days (until about {date}) nothing is deleted, and Restore undoes this.' },
  scheduleThen: { id: 'adminDistricts.deletion.scheduleThen', defaultMessage: 'Then every record of the district is deleted for good: its people, educators, coaching records, settings, files, billing and logs. Their email addresses become free.' },
  scheduleCertificate: { id: 'adminDistricts.deletion.scheduleCertificate', defaultMessage: 'A certificate of deletion is emailed to its administrators and billing contact, and kept under Deleted districts.' },
  restored: { id: 'adminDistricts.deletion.restored', defaultMessage: '{name} is restored: its people can sign in again.' },
  restoreTitle: { id: 'adminDistricts.deletion.restoreTitle', defaultMessage: 'Restore {name}?' },
  restoreDistrict: { id: 'adminDistricts.deletion.restoreDistrict', defaultMessage: 'Restore district' },
  restoreText: { id: 'adminDistricts.deletion.restoreText', defaultMessage: 'The scheduled deletion is cancelled. Its people can sign in again, and the district keeps its plan, status and data as they are.' },
  purging: { id: 'adminDistricts.deletion.purging', defaultMessage: 'Deleting {name}. Its certificate will be under Deleted districts when it is done.' },
  purgeTitle: { id: 'adminDistricts.deletion.purgeTitle', defaultMessage: 'Delete {name} now?' },
  purgeButton: { id: 'adminDistricts.deletion.purgeButton', defaultMessage: 'Delete district now' },
  purgeText: { id: 'adminDistricts.deletion.purgeText', defaultMessage: 'This deletes every record of the district now and cannot be undone: its people and their logins, educators, coaching records, settings, files, billing and logs. Once it starts the district cannot be restored. A large district takes a few minutes; this page shows the progress, and a certificate of deletion is emailed to its administrators and billing contact.' },
  confirmLabel: { id: 'adminDistricts.deletion.confirmLabel', defaultMessage: "Type the district's name to confirm" },
  confirmHint: { id: 'adminDistricts.deletion.confirmHint', defaultMessage: 'Exactly as shown: <strong>{name}</strong>' },
});

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
      setError(messageOf(err, t(m.saveFailed)));
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
      toast.success(t(m.scheduled, { name: district.name, date: when.date(updated.deletion!.due_at) }));
    })) onClose();
  };
  return (
    <Modal open title={t(m.scheduleTitle, { name: district.name })} onClose={onClose} dismissible={!command.busy}
      footer={(
        <>
          <Button variant="secondary" onClick={onClose} disabled={command.busy}>{t(m.cancel)}</Button>
          <Button variant="danger" busy={command.busy} onClick={() => void confirm()}>{t(m.scheduleDeletion)}</Button>
        </>
      )}>
      <div className="stack">
        <FormError error={command.error} />
        <ul className="adm-consequences">
          <li>{t(m.scheduleLogins, { count: district.users.total })}</li>
          <li>{t(m.scheduleGrace, { days: DELETION_GRACE_DAYS, date: when.date(due) })}</li>
          <li>{t(m.scheduleThen)}</li>
          <li>{t(m.scheduleCertificate)}</li>
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
      toast.success(t(m.restored, { name: district.name }));
    })) onClose();
  };
  return (
    <Modal open title={t(m.restoreTitle, { name: district.name })} onClose={onClose} dismissible={!command.busy}
      footer={(
        <>
          <Button variant="secondary" onClick={onClose} disabled={command.busy}>{t(m.cancel)}</Button>
          <Button busy={command.busy} onClick={() => void confirm()}>{t(m.restoreDistrict)}</Button>
        </>
      )}>
      <div className="stack">
        <FormError error={command.error} />
        <p>{t(m.restoreText)}</p>
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
      toast.success(t(m.purging, { name: district.name }));
      onClose();
    }
  };
  return (
    <Modal open title={t(m.purgeTitle, { name: district.name })} onClose={onClose} dismissible={!command.busy}
      footer={(
        <>
          <Button variant="secondary" onClick={onClose} disabled={command.busy}>{t(m.cancel)}</Button>
          <Button type="submit" form="adm-purge-form" variant="danger" busy={command.busy} disabled={!matches}>{t(m.purgeButton)}</Button>
        </>
      )}>
      <form id="adm-purge-form" className="form stack" noValidate onSubmit={(e) => { e.preventDefault(); void confirm(); }}>
        <FormError error={fieldError.length ? null : command.error} />
        <p>{t(m.purgeText)}</p>
        <TextField
          label={t(m.confirmLabel)} required autoComplete="off" spellCheck={false}
          hint={tRich(m.confirmHint, { name: district.name, strong: (chunks) => <strong>{chunks}</strong> })}
          name="confirm_name" value={name} onChange={setName} error={fieldError}
        />
      </form>
    </Modal>
  );
}
