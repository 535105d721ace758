import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Building } from '../../../../common/schemas/site';
import { LoadError } from '../../../components/LoadError';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { CheckboxField } from '../../../components/Field';
import { ConfirmDialog } from '../../../components/Modal';
import { LoadingBlock } from '../../../components/Spinner';
import { Table, type TableColumn } from '../../../components/Table';
import { useToast } from '../../../components/Toasts';
import { ApiError } from '../../../lib/api';
import { messageOf } from '../../../lib/formErrors';
import { formatInteger } from '../../../lib/format';
import { archiveSchool, restoreSchool, useSchools } from '../api';
import { gradeBandText } from './options';
import { SchoolFormModal } from './SchoolFormModal';

type Editing = { school: Building | null } | null;

function ArchiveDialog({ school, onClose }: { school: Building; onClose: () => void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      await archiveSchool(school.id);
      toast.success(`${school.name} has been archived. You can restore it from the archived schools.`);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setRefusal(err.message);
      else toast.error(messageOf(err, 'We could not archive this school. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open
      title={`Archive ${school.name}?`}
      message={
        <div className="stack stack--sm">
          <p>Archived schools disappear from school pickers and filters. Their history stays, and you can restore them at any time.</p>
          {refusal && (
            <Alert tone="danger" title="This school still has educators">
              <p>{refusal}</p>
            </Alert>
          )}
        </div>
      }
      confirmLabel="Archive school"
      danger
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}

function RestoreButton({ school }: { school: Building }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const restore = async () => {
    setBusy(true);
    try {
      await restoreSchool(school.id);
      toast.success(`${school.name} has been restored.`);
    } catch (err) {
      toast.error(messageOf(err, 'We could not restore this school. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="secondary" busy={busy} onClick={() => void restore()} aria-label={`Restore ${school.name}`}>
      Restore
    </Button>
  );
}

/** The district's schools: everyone reads; people with manage settings add, edit, archive and restore. */
export function SchoolsCard({ canManage }: { canManage: boolean }) {
  const [params, setParams] = useSearchParams();
  const inUrl = params.get('archived') === '1';
  // Follows the URL, but flips at once on click (the URL update lands a moment later).
  const [showArchived, setShowArchived] = useState(inUrl);
  const pushed = useRef(new Set<boolean>());
  useEffect(() => {
    if (pushed.current.delete(inUrl)) return;
    setShowArchived(inUrl);
  }, [inUrl]);
  const { data, error, isLoading, mutate } = useSchools(showArchived ? 'all' : 'active');
  const [editing, setEditing] = useState<Editing>(null);
  const [archiving, setArchiving] = useState<Building | null>(null);

  const toggleArchived = (on: boolean) => {
    setShowArchived(on);
    if (on !== inUrl) pushed.current.add(on);
    const next = new URLSearchParams(params);
    if (on) next.set('archived', '1');
    else next.delete('archived');
    setParams(next, { replace: true });
  };

  const columns: TableColumn<Building>[] = [
    {
      key: 'name',
      header: 'School',
      render: (b) => <span className={b.archived_at ? 'site-schools__name site-schools__name--archived' : 'site-schools__name'}>{b.name}</span>,
    },
    { key: 'code', header: 'Code', render: (b) => b.code ?? <span className="muted">—<span className="sr-only">none</span></span> },
    { key: 'band', header: 'Grade band', render: (b) => gradeBandText(b.grade_band) ?? <span className="muted">—<span className="sr-only">not set</span></span> },
    { key: 'educators', header: 'Educators', className: 'num', render: (b) => formatInteger(b.educator_count) },
    {
      key: 'status',
      header: 'Status',
      render: (b) => (b.archived_at ? <span className="badge badge--neutral">Archived</span> : <span className="badge badge--success">Active</span>),
    },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'table__actions',
      render: (b) => (
        <div className="site-schools__actions">
          <Button size="sm" variant="ghost" onClick={() => setEditing({ school: b })} aria-label={`Edit ${b.name}`}>Edit</Button>
          {b.archived_at ? (
            <RestoreButton school={b} />
          ) : (
            <Button size="sm" variant="ghost" className="site-schools__archive" onClick={() => setArchiving(b)} aria-label={`Archive ${b.name}`}>
              Archive
            </Button>
          )}
        </div>
      ),
    });
  }

  const schools = data?.data ?? [];
  const activeCount = schools.filter((s) => !s.archived_at).length;

  return (
    <Card
      className="site-card"
      titleId="site-schools-title"
      title="Schools"
      intro={canManage
        ? 'The buildings of your district. Educators, principals and coaches are assigned to these schools.'
        : 'The buildings of your district. Only district administrators can change them.'}
      action={canManage && <Button onClick={() => setEditing({ school: null })}>Add school</Button>}
    >

      <div className="cluster cluster--between site-schools__toolbar">
        <CheckboxField label="Show archived schools" name="show_archived" checked={showArchived} onChange={toggleArchived} />
        {data && (
          <p className="muted text-sm" aria-live="polite">
            {activeCount === 1 ? '1 active school' : `${formatInteger(activeCount)} active schools`}
            {showArchived && `, ${formatInteger(schools.length - activeCount)} archived`}
          </p>
        )}
      </div>

      {error && !data ? (
        <LoadError what="schools" onRetry={() => void mutate()} />
      ) : isLoading && !data ? (
        <LoadingBlock label="Loading schools…" />
      ) : (
        <Table
          caption={showArchived ? 'All schools' : 'Active schools'}
          captionHidden
          columns={columns}
          rows={schools}
          rowKey={(b) => b.id}
          empty={canManage ? 'No schools yet. Add your first school to get started.' : 'No schools have been set up yet.'}
        />
      )}

      {editing && <SchoolFormModal school={editing.school} onClose={() => setEditing(null)} />}
      {archiving && <ArchiveDialog school={archiving} onClose={() => setArchiving(null)} />}
    </Card>
  );
}
