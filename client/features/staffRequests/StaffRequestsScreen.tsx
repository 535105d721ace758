// School staff requests (/app/settings/building-history-requests): principals ask to add an educator
// from another school to theirs; district admins approve (building history changes) or deny.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { STAFF_REQUEST_FILTERS, type StaffRequest, type StaffRequestFilter } from '../../../common/schemas/staffRequests';
import type { ScreenProps } from '../../app/routeTable';
import { LoadError } from '../../components/LoadError';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { NavTabs } from '../../components/NavTabs';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { LoadingBlock, Spinner } from '../../components/Spinner';
import { useToast } from '../../components/Toasts';
import { useAuthUser, useDateLocale } from '../../lib/session';
import { useStaffRequests } from './api';
import { staffRequestAccess } from './components/access';
import { ApproveDialog, DenyDialog, WithdrawDialog } from './components/DecisionDialogs';
import { NewRequestModal } from './components/NewRequestModal';
import { RequestCard } from './components/RequestCard';
import { plural } from '../../../common/plural';

const TABS: { status: StaffRequestFilter; label: string }[] = [
  { status: 'pending', label: 'Pending' },
  { status: 'approved', label: 'Approved' },
  { status: 'denied', label: 'Denied' },
  { status: 'all', label: 'All' },
];

const PER_PAGE = 20;

function statusFrom(value: string | null): StaffRequestFilter {
  return (STAFF_REQUEST_FILTERS as readonly string[]).includes(value ?? '') ? (value as StaffRequestFilter) : 'pending';
}

function pageFrom(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

function emptyText(status: StaffRequestFilter, district: boolean): { title: string; body: string } {
  switch (status) {
    case 'pending':
      return district
        ? { title: 'No requests are waiting for a decision', body: 'When a principal asks to add an educator to their school, the request appears here for you to approve or deny.' }
        : { title: 'No pending requests', body: 'Ask for an educator from another school with “New request”. It waits here until the district office decides.' };
    case 'approved':
      return { title: 'No approved requests yet', body: 'Approved requests stay here, with who approved them and when.' };
    case 'denied':
      return { title: 'No denied requests', body: 'Denied requests stay here, with who denied them, when and why.' };
    default:
      return { title: 'No requests yet', body: 'Every request, pending or decided, is listed here.' };
  }
}

export default function StaffRequestsScreen(_props: ScreenProps) {
  const { user } = useAuthUser();
  const access = staffRequestAccess(user);
  const locale = useDateLocale();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'));
  const page = pageFrom(params.get('page'));
  const list = useStaffRequests(status, page, PER_PAGE);
  const pendingCount = useStaffRequests('pending', 1, PER_PAGE).data?.meta.total;

  const [creating, setCreating] = useState(false);
  const [approving, setApproving] = useState<StaffRequest | null>(null);
  const [denying, setDenying] = useState<StaffRequest | null>(null);
  const [withdrawing, setWithdrawing] = useState<StaffRequest | null>(null);

  const lastPage = list.data?.meta.last_page;
  useEffect(() => {
    // A decision or withdrawal emptied the last page: step back to the new last one.
    if (lastPage !== undefined && page > lastPage) {
      setParams((p) => {
        p.set('page', String(lastPage));
        return p;
      }, { replace: true });
    }
  }, [lastPage, page, setParams]);

  if (!user) return <LoadingBlock />;
  const district = access.scope === 'district';

  const tabHref = (s: StaffRequestFilter) => ({ search: s === 'pending' ? '' : `?status=${s}` });
  const goToPage = (p: number) =>
    setParams((q) => {
      if (p > 1) q.set('page', String(p));
      else q.delete('page');
      return q;
    });

  const description = district ? (
    <p>
      Principals ask to add an educator from another school to theirs. Approving a request ends the educator’s stay at
      their current school the day before the start date and starts their building history at the requested school.
    </p>
  ) : (
    <p>
      Ask the district office to add an educator from another school to one of yours. A district administrator approves
      or denies each request, and you see the decision here.
    </p>
  );

  const rows = list.data?.data ?? [];
  const empty = emptyText(status, district);

  return (
    <div className="stack stack--lg staffRequests-page">
      <PageHeader
        title="School staff requests"
        description={description}
        actions={access.canCreate && <Button onClick={() => setCreating(true)}>New request</Button>}
      />

      <NavTabs
        label="Request status"
        tabs={TABS.map((tab) => ({
          key: tab.status,
          to: tabHref(tab.status),
          current: tab.status === status,
          label: (
            <>
              {tab.label}
              {tab.status === 'pending' && pendingCount !== undefined && pendingCount > 0 && (
                <span className="staffRequests-tabs__count">
                  <span className="sr-only">: </span>
                  {pendingCount}
                </span>
              )}
            </>
          ),
        }))}
      />

      <section className="stack" aria-label={`${TABS.find((t) => t.status === status)!.label} requests`} aria-busy={list.isValidating || undefined}>
        {list.error && !list.data ? (
          <LoadError what="the requests" message={`We could not load the requests. ${list.error.message}`} onRetry={() => void list.mutate()} />
        ) : !list.data ? (
          <LoadingBlock label="Loading requests…" />
        ) : rows.length === 0 ? (
          <EmptyState
            title={empty.title}
            action={status === 'pending' && !district && access.canCreate ? <Button onClick={() => setCreating(true)}>New request</Button> : undefined}
          >
            <p>{empty.body}</p>
          </EmptyState>
        ) : (
          <>
            <div className="cluster cluster--between staffRequests-summary">
              <p className="text-sm muted">
                {plural(list.data.meta.total, 'request', 'requests')}
                {status === 'pending' ? ' waiting for a decision' : ''}
              </p>
              {list.isValidating && <Spinner size="sm" label="Refreshing…" />}
            </div>
            <ul className="staffRequests-list">
              {rows.map((r) => (
                <RequestCard
                  key={r.id}
                  request={r}
                  access={access}
                  locale={locale}
                  actions={{ onApprove: setApproving, onDeny: setDenying, onWithdraw: setWithdrawing }}
                />
              ))}
            </ul>
            <Pager page={page} lastPage={list.data.meta.last_page} onChange={goToPage} />
          </>
        )}
      </section>

      {creating && access.scope && (
        <NewRequestModal
          user={user}
          scope={access.scope}
          onClose={() => setCreating(false)}
          onCreated={(r) => {
            setCreating(false);
            const decider = district ? 'another district administrator' : 'the district office';
            toast.success(`${r.staff.name} to ${r.building.name}: ${decider} will decide.`, 'Request sent');
            if (status !== 'pending' || page !== 1) setParams(new URLSearchParams());
          }}
        />
      )}
      <ApproveDialog request={approving} locale={locale} onClose={() => setApproving(null)} />
      <DenyDialog request={denying} onClose={() => setDenying(null)} />
      <WithdrawDialog request={withdrawing} onClose={() => setWithdrawing(null)} />
    </div>
  );
}
