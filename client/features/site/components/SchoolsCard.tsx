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
import { defineMessages, t } from '../../../lib/i18n';
import { archiveSchool, restoreSchool, useSchools } from '../api';
import { gradeBandText } from './options';
import { SchoolFormModal } from './SchoolFormModal';

const m = defineMessages({
  archived: { id: 'site.schools.archived', defaultMessage: '{name} has been archived. You can restore it from the archived schools.' },
  archiveFailed: { id: 'site.schools.archiveFailed', defaultMessage: 'We could not archive this school. Please try again.' },
  archiveTitle: { id: 'site.schools.archiveTitle', defaultMessage: 'Archive {name}?' },
  archiveBody: { id: 'site.schools.archiveBody', defaultMessage: 'Archived schools disappear from school pickers and filters. Their history stays, and you can restore them at any time.' },
  stillHasEducators: { id: 'site.schools.stillHasEducators', defaultMessage: 'This school still has educators' },
  archiveConfirm: { id: 'site.schools.archiveConfirm', defaultMessage: 'Archive school' },
  restored: { id: 'site.schools.restored', defaultMessage: '{name} has been restored.' },
  restoreFailed: { id: 'site.schools.restoreFailed', defaultMessage: 'We could not restore this school. Please try again.' },
  restoreNamed: { id: 'site.schools.restoreNamed', defaultMessage: 'Restore {name}' },
  restore: { id: 'site.schools.restore', defaultMessage: 'Restore' },
  school: { id: 'site.schools.school', defaultMessage: 'School' },
  code: { id: 'site.schools.code', defaultMessage: 'Code' },
  none: { id: 'site.schools.none', defaultMessage: 'none' },
  gradeBand: { id: 'site.schools.gradeBand', defaultMessage: 'Grade band' },
  notSet: { id: 'site.schools.notSet', defaultMessage: 'not set' },
  educators: { id: 'site.schools.educators', defaultMessage: 'Educators' },
  status: { id: 'site.schools.status', defaultMessage: 'Status' },
  statusArchived: { id: 'site.schools.statusArchived', defaultMessage: 'Archived' },
  statusActive: { id: 'site.schools.statusActive', defaultMessage: 'Active' },
  actions: { id: 'site.schools.actions', defaultMessage: 'Actions' },
  editNamed: { id: 'site.schools.editNamed', defaultMessage: 'Edit {name}' },
  edit: { id: 'site.schools.edit', defaultMessage: 'Edit' },
  archiveNamed: { id: 'site.schools.archiveNamed', defaultMessage: 'Archive {name}' },
  archive: { id: 'site.schools.archive', defaultMessage: 'Archive' },
  title: { id: 'site.schools.title', defaultMessage: 'Schools' },
  introManage: { id: 'site.schools.introManage', defaultMessage: 'The buildings of your district. Educators, principals and coaches are assigned to these schools.' },
  introRead: { id: 'site.schools.introRead', defaultMessage: 'The buildings of your district. Only district administrators can change them.' },
  add: { id: 'site.schools.add', defaultMessage: 'Add school' },
  showArchived: { id: 'site.schools.showArchived', defaultMessage: 'Show archived schools' },
  activeCount: { id: 'site.schools.activeCount', defaultMessage: '{active, plural, one {# active school} other {# active schools}}' },
  activeAndArchivedCount: { id: 'site.schools.activeAndArchivedCount', defaultMessage: '{active, plural, one {# active school} other {# active schools}}, {archived, number} archived' },
  loadError: { id: 'site.schools.loadError', defaultMessage: 'An error occurred while fetching schools. Please try again later.' },
  loading: { id: 'site.schools.loading', defaultMessage: 'Loading schools…' },
  captionAll: { id: 'site.schools.captionAll', defaultMessage: 'All schools' },
  captionActive: { id: 'site.schools.captionActive', defaultMessage: 'Active schools' },
  emptyManage: { id: 'site.schools.emptyManage', defaultMessage: 'No schools yet. Add your first school to get started.' },
  emptyRead: { id: 'site.schools.emptyRead', defaultMessage: 'No schools have been set up yet.' },
});

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
      toast.success(t(m.archived, { name: school.name }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setRefusal(err.message);
      else toast.error(messageOf(err, t(m.archiveFailed)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open
      title={t(m.archiveTitle, { name: school.name })}
      message={
        <div className="stack stack--sm">
          <p>{t(m.archiveBody)}</p>
          {refusal && (
            <Alert tone="danger" title={t(m.stillHasEducators)}>
              <p>{refusal}</p>
            </Alert>
          )}
        </div>
      }
      confirmLabel={t(m.archiveConfirm)}
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
      toast.success(t(m.restored, { name: school.name }));
    } catch (err) {
      toast.error(messageOf(err, t(m.restoreFailed)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="secondary" busy={busy} onClick={() => void restore()} aria-label={t(m.restoreNamed, { name: school.name })}>
      {t(m.restore)}
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
      header: t(m.school),
      render: (b) => <span className={b.archived_at ? 'site-schools__name site-schools__name--archived' : 'site-schools__name'}>{b.name}</span>,
    },
    { key: 'code', header: t(m.code), render: (b) => b.code ?? <span className="muted">—<span className="sr-only">{t(m.none)}</span></span> },
    { key: 'band', header: t(m.gradeBand), render: (b) => gradeBandText(b.grade_band) ?? <span className="muted">—<span className="sr-only">{t(m.notSet)}</span></span> },
    { key: 'educators', header: t(m.educators), className: 'num', render: (b) => formatInteger(b.educator_count) },
    {
      key: 'status',
      header: t(m.status),
      render: (b) => (b.archived_at ? <span className="badge badge--neutral">{t(m.statusArchived)}</span> : <span className="badge badge--success">{t(m.statusActive)}</span>),
    },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      header: <span className="sr-only">{t(m.actions)}</span>,
      className: 'table__actions',
      render: (b) => (
        <div className="site-schools__actions">
          <Button size="sm" variant="ghost" onClick={() => setEditing({ school: b })} aria-label={t(m.editNamed, { name: b.name })}>{t(m.edit)}</Button>
          {b.archived_at ? (
            <RestoreButton school={b} />
          ) : (
            <Button size="sm" variant="ghost" className="site-schools__archive" onClick={() => setArchiving(b)} aria-label={t(m.archiveNamed, { name: b.name })}>
              {t(m.archive)}
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
      title={t(m.title)}
      intro={canManage ? t(m.introManage) : t(m.introRead)}
      action={canManage && <Button onClick={() => setEditing({ school: null })}>{t(m.add)}</Button>}
    >

      <div className="cluster cluster--between site-schools__toolbar">
        <CheckboxField label={t(m.showArchived)} name="show_archived" checked={showArchived} onChange={toggleArchived} />
        {data && (
          <p className="muted text-sm" aria-live="polite">
            {showArchived
              ? t(m.activeAndArchivedCount, { active: activeCount, archived: schools.length - activeCount })
              : t(m.activeCount, { active: activeCount })}
          </p>
        )}
      </div>

      {error && !data ? (
        <LoadError message={t(m.loadError)} onRetry={() => void mutate()} />
      ) : isLoading && !data ? (
        <LoadingBlock label={t(m.loading)} />
      ) : (
        <Table
          caption={showArchived ? t(m.captionAll) : t(m.captionActive)}
          captionHidden
          columns={columns}
          rows={schools}
          rowKey={(b) => b.id}
          empty={canManage ? t(m.emptyManage) : t(m.emptyRead)}
        />
      )}

      {editing && <SchoolFormModal school={editing.school} onClose={() => setEditing(null)} />}
      {archiving && <ArchiveDialog school={archiving} onClose={() => setArchiving(null)} />}
    </Card>
  );
}
