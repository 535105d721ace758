import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { hasPermission, PERMISSIONS } from '../../../common/permissions';
import type { Group } from '../../../common/schemas/groups';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { ConfirmDialog } from '../../components/Modal';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { useToast } from '../../components/Toasts';
import { useAuthUser, useDateLocale } from '../../lib/session';
import { deactivateGroup, deleteGroup, type GroupStatusFilter, restoreGroup, useGroupList } from './api';
import { GroupList } from './components/GroupList';
import { GroupFormModal } from './components/GroupFormModal';
import { GroupTabs, PANEL_ID, tabId } from './components/GroupTabs';
import { GROUP_ALERTS } from './messages';

const SEARCH_DEBOUNCE_MS = 300;

export default function GroupsScreen(_props: ScreenProps) {
  const toast = useToast();
  const locale = useDateLocale();
  const { user } = useAuthUser();
  const canManage = !!user && hasPermission(user.security.permissions, PERMISSIONS.manageCoaches);

  // The listing and the name search live in the URL: ?status=all&search=plc
  const [params, setParams] = useSearchParams();
  const status: GroupStatusFilter = params.get('status') === 'all' ? 'all' : 'active';
  const search = params.get('search') ?? '';
  const [searchInput, setSearchInput] = useState(search);
  useEffect(() => setSearchInput(search), [search]);
  useEffect(() => {
    if (searchInput.trim() === search) return;
    const timer = setTimeout(() => {
      setParams((p) => {
        const next = new URLSearchParams(p);
        if (searchInput.trim()) next.set('search', searchInput.trim());
        else next.delete('search');
        return next;
      }, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, search, setParams]);

  const setStatus = (value: GroupStatusFilter) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value === 'all') next.set('status', 'all');
      else next.delete('status');
      return next;
    });

  const { data, error, isLoading, isValidating, mutate } = useGroupList({ status, search });
  // 403: an educator (their own record only) has no groups view; the route lets them in on `see educators.self`
  // (tabs hide it from them), so a deep link says so rather than offering to try again.
  const forbidden = error?.status === 403;
  useEffect(() => {
    if (error && !forbidden) toast.error(GROUP_ALERTS.fetch);
  }, [error, forbidden, toast]);

  const [editing, setEditing] = useState<Group | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // The active listing hides deactivated groups at once (deleted_at from the server's answer).
  const groups = data ? (status === 'active' ? data.data.filter((g) => g.deleted_at === null) : data.data) : [];

  async function onDeactivate(group: Group) {
    setBusyId(group.id);
    try {
      await deactivateGroup(group);
      toast.success(`“${group.name}” is deactivated. It stays under All groups, where you can restore it.`, 'Group deactivated');
      if (status === 'active') panelRef.current?.focus();
    } catch {
      toast.error(GROUP_ALERTS.deactivate);
    } finally {
      setBusyId(null);
    }
  }

  async function onRestore(group: Group) {
    setBusyId(group.id);
    try {
      await restoreGroup(group);
      toast.success(`“${group.name}” is active again.`, 'Group restored');
    } catch {
      toast.error(GROUP_ALERTS.deactivate);
    } finally {
      setBusyId(null);
    }
  }

  async function onConfirmDelete() {
    if (!deleting) return;
    const group = deleting;
    setDeleteBusy(true);
    try {
      await deleteGroup(group.id);
      toast.success(`“${group.name}” has been deleted.`, 'Group deleted');
      setDeleting(null);
      panelRef.current?.focus();
    } catch {
      setDeleting(null);
      toast.error(GROUP_ALERTS.delete);
    } finally {
      setDeleteBusy(false);
    }
  }

  let body;
  if (forbidden) {
    body = (
      <Alert tone="info" title="Groups are not available to you">
        <p>Your access covers your own record. Groups of educators are for district and school staff.</p>
      </Alert>
    );
  } else if (!data && isLoading) body = <LoadingBlock label="Loading groups…" />;
  else if (!data && error) {
    body = (
      <Alert tone="danger" title="Groups could not be loaded">
        <p>{GROUP_ALERTS.fetch}</p>
        <Button variant="secondary" size="sm" busy={isValidating} onClick={() => void mutate()}>Try again</Button>
      </Alert>
    );
  } else {
    body = (
      <GroupList
        groups={groups}
        status={status}
        search={search}
        locale={locale}
        canManage={canManage}
        busyId={busyId}
        onNew={() => setEditing('new')}
        onClearSearch={() => setSearchInput('')}
        actions={{ onEdit: setEditing, onDeactivate: (g) => void onDeactivate(g), onRestore: (g) => void onRestore(g), onDelete: setDeleting }}
      />
    );
  }

  return (
    <div className="stack stack--lg groups-page">
      <PageHeader
        title="Groups"
        breadcrumbs={[{ label: 'Educators', to: '/app/staff' }, { label: 'Groups' }]}
        description={<p>Staff groups bring educators together — a PLC, an induction cohort, a leadership team — with the dates each member belongs.</p>}
        actions={canManage && <Button onClick={() => setEditing('new')}>New group</Button>}
      />

      <div className="stack">
        <GroupTabs value={status} onChange={setStatus}>
          <TextField
            className="groups-search"
            label="Search groups"
            name="search"
            type="search"
            value={searchInput}
            onChange={setSearchInput}
            placeholder="Group name"
          />
        </GroupTabs>
        <div id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(status)} tabIndex={-1} ref={panelRef} className="groups-panel">
          {body}
        </div>
      </div>

      <GroupFormModal open={editing !== null} group={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this group?"
        message={
          <p>
            “{deleting?.name}” and its membership history will be removed for good. To keep its history, deactivate it instead.
          </p>
        }
        confirmLabel="Delete group"
        danger
        busy={deleteBusy}
        onConfirm={() => void onConfirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
