import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { hasPermission, PERMISSIONS } from '../../../common/permissions';
import type { Group } from '../../../common/schemas/groups';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { SearchField } from '../../components/Field';
import { ConfirmDialog } from '../../components/Modal';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { useToast } from '../../components/Toasts';
import { useAuthUser, useDateLocale } from '../../lib/session';
import { deactivateGroup, deleteGroup, type GroupStatusFilter, restoreGroup, useGroupList } from './api';
import { GroupList } from './components/GroupList';
import { GroupFormModal } from './components/GroupFormModal';
import { GroupTabs, PANEL_ID, tabId } from './components/GroupTabs';
import { groupAlert } from './messages';
import { defineMessages, t } from '../../lib/i18n';

const m = defineMessages({
  deactivatedToast: { id: 'groups.deactivatedToast', defaultMessage: '“{name}” is deactivated. It stays under All groups, where you can restore it.' },
  deactivatedTitle: { id: 'groups.deactivatedTitle', defaultMessage: 'Group deactivated' },
  restoredToast: { id: 'groups.restoredToast', defaultMessage: '“{name}” is active again.' },
  restoredTitle: { id: 'groups.restoredTitle', defaultMessage: 'Group restored' },
  deletedToast: { id: 'groups.deletedToast', defaultMessage: '“{name}” has been deleted.' },
  deletedTitle: { id: 'groups.deletedTitle', defaultMessage: 'Group deleted' },
  forbiddenTitle: { id: 'groups.forbiddenTitle', defaultMessage: 'Groups are not available to you' },
  forbiddenBody: { id: 'groups.forbiddenBody', defaultMessage: 'Your access covers your own record. Groups of educators are for district and school staff.' },
  loading: { id: 'groups.loading', defaultMessage: 'Loading groups…' },
  loadFailed: { id: 'groups.loadFailed', defaultMessage: 'Groups could not be loaded' },
  tryAgain: { id: 'groups.tryAgain', defaultMessage: 'Try again' },
  title: { id: 'groups.title', defaultMessage: 'Groups' },
  educators: { id: 'groups.educators', defaultMessage: 'Educators' },
  intro: { id: 'groups.intro', defaultMessage: 'Staff groups bring educators together — a PLC, an induction cohort, a leadership team — with the dates each member belongs.' },
  newGroup: { id: 'groups.newGroup', defaultMessage: 'New group' },
  search: { id: 'groups.search', defaultMessage: 'Search groups' },
  searchPlaceholder: { id: 'groups.searchPlaceholder', defaultMessage: 'Group name' },
  deleteTitle: { id: 'groups.deleteTitle', defaultMessage: 'Delete this group?' },
  deleteMessage: { id: 'groups.deleteMessage', defaultMessage: '“{name}” and its membership history will be removed for good. To keep its history, deactivate it instead.' },
  deleteConfirm: { id: 'groups.deleteConfirm', defaultMessage: 'Delete group' },
});

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
    if (error && !forbidden) toast.error(groupAlert('fetch'));
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
      toast.success(t(m.deactivatedToast, { name: group.name }), t(m.deactivatedTitle));
      if (status === 'active') panelRef.current?.focus();
    } catch {
      toast.error(groupAlert('deactivate'));
    } finally {
      setBusyId(null);
    }
  }

  async function onRestore(group: Group) {
    setBusyId(group.id);
    try {
      await restoreGroup(group);
      toast.success(t(m.restoredToast, { name: group.name }), t(m.restoredTitle));
    } catch {
      toast.error(groupAlert('deactivate'));
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
      toast.success(t(m.deletedToast, { name: group.name }), t(m.deletedTitle));
      setDeleting(null);
      panelRef.current?.focus();
    } catch {
      setDeleting(null);
      toast.error(groupAlert('delete'));
    } finally {
      setDeleteBusy(false);
    }
  }

  let body;
  if (forbidden) {
    body = (
      <Alert tone="info" title={t(m.forbiddenTitle)}>
        <p>{t(m.forbiddenBody)}</p>
      </Alert>
    );
  } else if (!data && isLoading) body = <LoadingBlock label={t(m.loading)} />;
  else if (!data && error) {
    body = (
      <Alert tone="danger" title={t(m.loadFailed)}>
        <p>{groupAlert('fetch')}</p>
        <Button variant="secondary" size="sm" busy={isValidating} onClick={() => void mutate()}>{t(m.tryAgain)}</Button>
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
        title={t(m.title)}
        breadcrumbs={[{ label: t(m.educators), to: '/app/staff' }, { label: t(m.title) }]}
        description={<p>{t(m.intro)}</p>}
        actions={canManage && <Button onClick={() => setEditing('new')}>{t(m.newGroup)}</Button>}
      />

      <div className="stack">
        <GroupTabs value={status} onChange={setStatus}>
          <SearchField
            className="groups-search"
            label={t(m.search)}
            name="search"
            value={searchInput}
            onChange={setSearchInput}
            placeholder={t(m.searchPlaceholder)}
          />
        </GroupTabs>
        <div id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(status)} tabIndex={-1} ref={panelRef} className="groups-panel">
          {body}
        </div>
      </div>

      <GroupFormModal open={editing !== null} group={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t(m.deleteTitle)}
        message={
          <p>{t(m.deleteMessage, { name: deleting?.name ?? '' })}</p>
        }
        confirmLabel={t(m.deleteConfirm)}
        danger
        busy={deleteBusy}
        onConfirm={() => void onConfirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
