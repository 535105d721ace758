// Alerts (/admin/alerts, `manage alerts`): the provider's announcements to district users. A dense
// list with search, level and state filters in the URL, a dialog to create and edit (with a live
// preview) and delete with a confirmation.
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AdminAlert } from '../../../common/schemas/alerts';
import type { ScreenProps } from '../../app/routeTable';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ConfirmDialog } from '../../components/Modal';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { LoadingBlock } from '../../components/Spinner';
import { useToast } from '../../components/Toasts';
import { useAuthUser, useDateLocale } from '../../lib/session';
import { deleteAlert, useAdminAlerts } from './api';
import { AlertDialog } from './components/AlertDialog';
import { AlertFilters, type AlertFilterValues, DEFAULT_ALERT_FILTERS } from './components/AlertFilters';
import { AlertTable } from './components/AlertTable';
import { plural, pluralWord } from '../../../common/plural';

const PER_PAGE = 25;
const LEVELS = ['info', 'warning', 'critical'];
const STATES = ['scheduled', 'current', 'ended'];

function readFilters(params: URLSearchParams): AlertFilterValues & { page: number } {
  const page = Number(params.get('page'));
  const level = params.get('level') ?? '';
  const state = params.get('state') ?? '';
  return {
    search: params.get('search') ?? '',
    level: LEVELS.includes(level) ? level : '',
    state: STATES.includes(state) ? state : '',
    page: Number.isInteger(page) && page > 1 && page <= 100_000 ? page : 1,
  };
}

export default function AlertsScreen({ route }: ScreenProps) {
  const { user } = useAuthUser();
  const locale = useDateLocale();
  const toast = useToast();
  const timeZone = user?.timezone ?? 'America/Chicago';
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const { data, error, isLoading, mutate } = useAdminAlerts({ ...filters, per_page: PER_PAGE });
  const [editing, setEditing] = useState<AdminAlert | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminAlert | null>(null);
  const [busy, setBusy] = useState(false);

  const update = useCallback((patch: Partial<AlertFilterValues> & { page?: number }, options?: { replace?: boolean }) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries({ page: 1, ...patch })) {
        if (value === '' || (key === 'page' && value === 1)) next.delete(key);
        else next.set(key, String(value));
      }
      return next;
    }, options);
  }, [setParams]);

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteAlert(deleting.id);
      toast.success(`Deleted “${deleting.title}”.`);
      setDeleting(null);
    } catch (err) {
      toast.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const filtered = filters.search !== '' || filters.level !== '' || filters.state !== '';
  const total = data?.meta.total ?? 0;
  return (
    <div className="stack stack--lg alerts-page">
      <PageHeader
        title={route.title}
        description={<p>Announcements shown as a banner to district users: to everyone, a plan, chosen districts or chosen roles, between a start and an end. Critical alerts cannot be dismissed.</p>}
        actions={<Button onClick={() => setEditing('new')}>New alert</Button>}
      />
      <AlertFilters filters={filters} onChange={update} />
      {error && !data ? (
        <Alert tone="danger" title="We could not load the alerts.">
          <p>{error.message}</p>
          <p><Button variant="secondary" size="sm" onClick={() => void mutate()}>Try again</Button></p>
        </Alert>
      ) : isLoading && !data ? (
        <LoadingBlock label="Loading alerts…" />
      ) : data && data.data.length === 0 ? (
        filtered ? (
          <EmptyState title="No alerts match these filters" action={<Button variant="secondary" onClick={() => update(DEFAULT_ALERT_FILTERS)}>Clear filters</Button>}>
            <p>Try other words, or show every level and state.</p>
          </EmptyState>
        ) : (
          <EmptyState title="No alerts yet" action={<Button onClick={() => setEditing('new')}>New alert</Button>}>
            <p>Tell district users about maintenance, new features or anything they should know.</p>
          </EmptyState>
        )
      ) : data ? (
        <section className="stack alerts-results" aria-labelledby="alerts-count">
          <p id="alerts-count" className="muted text-sm alerts-results__count" aria-live="polite">
            {plural(total, 'alert', 'alerts')}
            {filtered ? ` ${pluralWord(total, 'matches', 'match')} your filters` : ''}
          </p>
          <AlertTable alerts={data.data} timeZone={timeZone} locale={locale} onEdit={setEditing} onDelete={setDeleting} />
          <Pager page={data.meta.page} lastPage={data.meta.last_page} onChange={(page) => update({ page })} />
        </section>
      ) : null}
      {editing && (
        <AlertDialog key={editing === 'new' ? 'new' : editing.id} alert={editing === 'new' ? null : editing} timeZone={timeZone} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this alert?"
        message={<p>“{deleting?.title}” will no longer be shown to anyone. This cannot be undone.</p>}
        confirmLabel="Delete alert"
        danger
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
