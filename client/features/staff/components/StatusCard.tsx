// Deactivate (with a danger confirmation) or reactivate an educator.
import { useState } from 'react';
import type { StaffDetail } from '../../../../common/schemas/staff';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/Modal';
import { useToast } from '../../../components/Toasts';
import { deactivateStaff, reactivateStaff } from '../api';
import { Card } from './StaffParts';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  nowInactive: { id: 'staff.nowInactive', defaultMessage: '{name} is now inactive.' },
  activeAgain: { id: 'staff.activeAgain', defaultMessage: '{name} is active again.' },
  deactivated: { id: 'staff.deactivated', defaultMessage: 'Educator deactivated' },
  reactivated: { id: 'staff.reactivated', defaultMessage: 'Educator reactivated' },
  genericError: { id: 'staff.genericError', defaultMessage: 'Something went wrong. Please try again.' },
  reactivate: { id: 'staff.reactivate', defaultMessage: 'Reactivate educator' },
  reactivateIntro: { id: 'staff.reactivateIntro', defaultMessage: '{name} is inactive. Reactivating shows them in active lists again so they can be coached.' },
  deactivate: { id: 'staff.deactivate', defaultMessage: 'Deactivate educator' },
  deactivateIntro: { id: 'staff.deactivateIntro', defaultMessage: 'Use this when {name} leaves the district. They are hidden from active lists and new coaching; their history is kept and you can reactivate them at any time.' },
  deactivateConfirm: { id: 'staff.deactivateConfirm', defaultMessage: 'Deactivate {name}?' },
  deactivateMessage: { id: 'staff.deactivateMessage', defaultMessage: '{name} will be hidden from active lists and can’t be added to new coaching. Their school history, groups and coaching records are kept.' },
});

export function StatusCard({ staff }: { staff: StaffDetail }) {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async (action: 'deactivate' | 'reactivate') => {
    setBusy(true);
    try {
      const updated = action === 'deactivate' ? await deactivateStaff(staff.id) : await reactivateStaff(staff.id);
      toast.success(t(action === 'deactivate' ? m.nowInactive : m.activeAgain, { name: updated.name }), t(action === 'deactivate' ? m.deactivated : m.reactivated));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t(m.genericError));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  if (staff.status === 'inactive') {
    return (
      <Card id="staff-status" title={t(m.reactivate)} intro={t(m.reactivateIntro, { name: staff.first_name })}>
        <div className="form-actions staff-status-actions">
          <Button busy={busy} onClick={() => void run('reactivate')}>
            {t(m.reactivate)}
          </Button>
        </div>
      </Card>
    );
  }

  return (
    <Card
      id="staff-status"
      title={t(m.deactivate)}
      className="staff-danger-zone"
      intro={t(m.deactivateIntro, { name: staff.first_name })}
    >
      <div className="form-actions staff-status-actions">
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {t(m.deactivate)}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        danger
        title={t(m.deactivateConfirm, { name: staff.name })}
        message={<p>{t(m.deactivateMessage, { name: staff.first_name })}</p>}
        confirmLabel={t(m.deactivate)}
        busy={busy}
        onConfirm={() => void run('deactivate')}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
