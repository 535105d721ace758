// Alerts (/admin/alerts, `manage alerts`): the provider's announcements to district users. A dense
// list with search, level and state filters in the URL, a dialog to create and edit (with a live
// preview) and delete with a confirmation.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AdminAlert } from '../../../common/schemas/alerts';
import type { ScreenProps } from '../../app/routeTable';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ListResults } from '../../components/ListResults';
import { ConfirmDialog } from '../../components/Modal';
import { PageHeader } from '../../components/PageHeader';
import { useToast } from '../../components/Toasts';
import { defineMessages, t } from '../../lib/i18n';
import { readPage, useListUpdate } from '../../lib/listParams';
import { useAuthUser, useDateLocale } from '../../lib/session';
import { deleteAlert, useAdminAlerts } from './api';
import { AlertDialog } from './components/AlertDialog';
import { AlertFilters, type AlertFilterValues, DEFAULT_ALERT_FILTERS } from './components/AlertFilters';
import { AlertTable } from './components/AlertTable';

const PER_PAGE = 25;

const m = defineMessages({
  listCount: { id: 'alerts.screen.listCount', defaultMessage: '{filtered, select, yes {{count, plural, one {# alert matches your filters} other {# alerts match your filters}}} other {{count, plural, one {# alert} other {# alerts}}}}' },
  listLoading: { id: 'alerts.screen.listLoading', defaultMessage: 'Loading alerts…' },
  listLoadError: { id: 'alerts.screen.listLoadError', defaultMessage: 'An error occurred while fetching alerts. Please try again later.' },
  deleted: { id: 'alerts.screen.deleted', defaultMessage: 'Deleted “{title}”.' },
  description: { id: 'alerts.screen.description', defaultMessage: 'Announcements shown as a banner to district users: to everyone, a plan, chosen districts or chosen roles, between a start and an end. Critical alerts cannot be dismissed.' },
  newAlert: { id: 'alerts.newAlert', defaultMessage: 'New alert' },
  noMatchTitle: { id: 'alerts.screen.noMatchTitle', defaultMessage: 'No alerts match these filters' },
  clearFilters: { id: 'alerts.screen.clearFilters', defaultMessage: 'Clear filters' },
  noMatchText: { id: 'alerts.screen.noMatchText', defaultMessage: 'Try other words, or show every level and state.' },
  emptyTitle: { id: 'alerts.screen.emptyTitle', defaultMessage: 'No alerts yet' },
  emptyText: { id: 'alerts.screen.emptyText', defaultMessage: 'Tell district users about maintenance, new features or anything they should know.' },
  deleteTitle: { id: 'alerts.screen.deleteTitle', defaultMessage: 'Delete this alert?' },
  deleteText: { id: 'alerts.screen.deleteText', defaultMessage: '“{title}” will no longer be shown to anyone. This cannot be undone.' },
  deleteAlert: { id: 'alerts.screen.deleteAlert', defaultMessage: 'Delete alert' },
});
const LEVELS = ['info', 'warning', 'critical'];
const STATES = ['scheduled', 'current', 'ended'];

function readFilters(params: URLSearchParams): AlertFilterValues & { page: number } {
  const level = params.get('level') ?? '';
  const state = params.get('state') ?? '';
  return {
    search: params.get('search') ?? '',
    level: LEVELS.includes(level) ? level : '',
    state: STATES.includes(state) ? state : '',
    page: readPage(params),
  };
}

export default function AlertsScreen({ route }: ScreenProps) {
  const { user } = useAuthUser();
  const locale = useDateLocale();
  const toast = useToast();
  const timeZone = user?.timezone ?? 'America/Chicago';
  const [params] = useSearchParams();
  const filters = readFilters(params);
  const list = useAdminAlerts({ ...filters, per_page: PER_PAGE });
  const update = useListUpdate<AlertFilterValues>();
  const [editing, setEditing] = useState<AdminAlert | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminAlert | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteAlert(deleting.id);
      toast.success(t(m.deleted, { title: deleting.title }));
      setDeleting(null);
    } catch (err) {
      toast.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const filtered = filters.search !== '' || filters.level !== '' || filters.state !== '';
  return (
    <div className="stack stack--lg alerts-page">
      <PageHeader
        title={route.title}
        description={<p>{t(m.description)}</p>}
        actions={<Button onClick={() => setEditing('new')}>{t(m.newAlert)}</Button>}
      />
      <AlertFilters filters={filters} onChange={update} />
      <ListResults
        list={list} messages={{ count: m.listCount, loading: m.listLoading, loadError: m.listLoadError }} filtered={filtered} onPage={(page) => update({ page })}
        empty={filtered ? (
          <EmptyState title={t(m.noMatchTitle)} action={<Button variant="secondary" onClick={() => update(DEFAULT_ALERT_FILTERS)}>{t(m.clearFilters)}</Button>}>
            <p>{t(m.noMatchText)}</p>
          </EmptyState>
        ) : (
          <EmptyState title={t(m.emptyTitle)} action={<Button onClick={() => setEditing('new')}>{t(m.newAlert)}</Button>}>
            <p>{t(m.emptyText)}</p>
          </EmptyState>
        )}
      >
        {(rows) => <AlertTable alerts={rows} timeZone={timeZone} locale={locale} onEdit={setEditing} onDelete={setDeleting} />}
      </ListResults>
      {editing && (
        <AlertDialog key={editing === 'new' ? 'new' : editing.id} alert={editing === 'new' ? null : editing} timeZone={timeZone} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t(m.deleteTitle)}
        message={<p>{t(m.deleteText, { title: deleting?.title ?? '' })}</p>}
        confirmLabel={t(m.deleteAlert)}
        danger
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
