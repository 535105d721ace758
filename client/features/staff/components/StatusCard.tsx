// Deactivate (with a danger confirmation) or reactivate an educator.
import { useState } from 'react';
import type { StaffDetail } from '../../../../common/schemas/staff';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/Modal';
import { useToast } from '../../../components/Toasts';
import { deactivateStaff, reactivateStaff } from '../api';
import { Card } from './StaffParts';

export function StatusCard({ staff }: { staff: StaffDetail }) {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async (action: 'deactivate' | 'reactivate') => {
    setBusy(true);
    try {
      const updated = action === 'deactivate' ? await deactivateStaff(staff.id) : await reactivateStaff(staff.id);
      toast.success(action === 'deactivate' ? `${updated.name} is now inactive.` : `${updated.name} is active again.`, action === 'deactivate' ? 'Educator deactivated' : 'Educator reactivated');
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  if (staff.status === 'inactive') {
    return (
      <Card id="staff-status" title="Reactivate educator" intro={`${staff.first_name} is inactive. Reactivating shows them in active lists again so they can be coached.`}>
        <div className="form-actions staff-status-actions">
          <Button busy={busy} onClick={() => void run('reactivate')}>
            Reactivate educator
          </Button>
        </div>
      </Card>
    );
  }

  return (
    <Card
      id="staff-status"
      title="Deactivate educator"
      className="staff-danger-zone"
      intro={`Use this when ${staff.first_name} leaves the district. They are hidden from active lists and new coaching; their history is kept and you can reactivate them at any time.`}
    >
      <div className="form-actions staff-status-actions">
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Deactivate educator
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        danger
        title={`Deactivate ${staff.name}?`}
        message={<p>{staff.first_name} will be hidden from active lists and can’t be added to new coaching. Their school history, groups and coaching records are kept.</p>}
        confirmLabel="Deactivate educator"
        busy={busy}
        onConfirm={() => void run('deactivate')}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
