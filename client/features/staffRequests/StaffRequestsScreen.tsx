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
import { defineMessages, type MessageDescriptor, t } from '../../lib/i18n';

const m = defineMessages({
  tabPending: { id: 'staffRequests.tabPending', defaultMessage: 'Pending' },
  tabApproved: { id: 'staffRequests.tabApproved', defaultMessage: 'Approved' },
  tabDenied: { id: 'staffRequests.tabDenied', defaultMessage: 'Denied' },
  tabAll: { id: 'staffRequests.tabAll', defaultMessage: 'All' },
  emptyPendingDistrict: { id: 'staffRequests.emptyPendingDistrict', defaultMessage: 'No requests are waiting for a decision' },
  emptyPendingDistrictBody: { id: 'staffRequests.emptyPendingDistrictBody', defaultMessage: 'When a principal asks to add an educator to their school, the request appears here for you to approve or deny.' },
  emptyPending: { id: 'staffRequests.emptyPending', defaultMessage: 'No pending requests' },
  emptyPendingBody: { id: 'staffRequests.emptyPendingBody', defaultMessage: 'Ask for an educator from another school with “New request”. It waits here until the district office decides.' },
  emptyApproved: { id: 'staffRequests.emptyApproved', defaultMessage: 'No approved requests yet' },
  emptyApprovedBody: { id: 'staffRequests.emptyApprovedBody', defaultMessage: 'Approved requests stay here, with who approved them and when.' },
  emptyDenied: { id: 'staffRequests.emptyDenied', defaultMessage: 'No denied requests' },
  emptyDeniedBody: { id: 'staffRequests.emptyDeniedBody', defaultMessage: 'Denied requests stay here, with who denied them, when and why.' },
  emptyAll: { id: 'staffRequests.emptyAll', defaultMessage: 'No requests yet' },
  emptyAllBody: { id: 'staffRequests.emptyAllBody', defaultMessage: 'Every request, pending or decided, is listed here.' },
  introDistrict: { id: 'staffRequests.introDistrict', defaultMessage: 'Principals ask to add an educator from another school to theirs. Approving a request ends the educator’s stay at their current school the day before the start date and starts their building history at the requested school.' },
  introBuilding: { id: 'staffRequests.introBuilding', defaultMessage: 'Ask the district office to add an educator from another school to one of yours. A district administrator approves or denies each request, and you see the decision here.' },
  title: { id: 'staffRequests.title', defaultMessage: 'School staff requests' },
  newRequest: { id: 'staffRequests.newRequest', defaultMessage: 'New request' },
  tabsLabel: { id: 'staffRequests.tabsLabel', defaultMessage: 'Request status' },
  sectionLabel: { id: 'staffRequests.sectionLabel', defaultMessage: '{status} requests' },
  loadFailed: { id: 'staffRequests.loadFailed', defaultMessage: 'We could not load the requests. {message}' },
  loading: { id: 'staffRequests.loading', defaultMessage: 'Loading requests…' },
  count: { id: 'staffRequests.count', defaultMessage: '{count, plural, one {# request} other {# requests}}' },
  countWaiting: { id: 'staffRequests.countWaiting', defaultMessage: '{count, plural, one {# request} other {# requests}} waiting for a decision' },
  refreshing: { id: 'staffRequests.refreshing', defaultMessage: 'Refreshing…' },
  sentByColleague: { id: 'staffRequests.sentByColleague', defaultMessage: '{name} to {school}: another district administrator will decide.' },
  sentByDistrict: { id: 'staffRequests.sentByDistrict', defaultMessage: '{name} to {school}: the district office will decide.' },
  requestSent: { id: 'staffRequests.requestSent', defaultMessage: 'Request sent' },
});

const TABS: { status: StaffRequestFilter; label: MessageDescriptor }[] = [
  { status: 'pending', label: m.tabPending },
  { status: 'approved', label: m.tabApproved },
  { status: 'denied', label: m.tabDenied },
  { status: 'all', label: m.tabAll },
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
        ? { title: t(m.emptyPendingDistrict), body: t(m.emptyPendingDistrictBody) }
        : { title: t(m.emptyPending), body: t(m.emptyPendingBody) };
    case 'approved':
      return { title: t(m.emptyApproved), body: t(m.emptyApprovedBody) };
    case 'denied':
      return { title: t(m.emptyDenied), body: t(m.emptyDeniedBody) };
    default:
      return { title: t(m.emptyAll), body: t(m.emptyAllBody) };
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
    <p>{t(m.introDistrict)}</p>
  ) : (
    <p>{t(m.introBuilding)}</p>
  );

  const rows = list.data?.data ?? [];
  const empty = emptyText(status, district);

  return (
    <div className="stack stack--lg staffRequests-page">
      <PageHeader
        title={t(m.title)}
        description={description}
        actions={access.canCreate && <Button onClick={() => setCreating(true)}>{t(m.newRequest)}</Button>}
      />

      <NavTabs
        label={t(m.tabsLabel)}
        tabs={TABS.map((tab) => ({
          key: tab.status,
          to: tabHref(tab.status),
          current: tab.status === status,
          label: (
            <>
              {t(tab.label)}
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

      <section className="stack" aria-label={t(m.sectionLabel, { status: t(TABS.find((tab) => tab.status === status)!.label) })} aria-busy={list.isValidating || undefined}>
        {list.error && !list.data ? (
          <LoadError message={t(m.loadFailed, { message: list.error.message })} onRetry={() => void list.mutate()} />
        ) : !list.data ? (
          <LoadingBlock label={t(m.loading)} />
        ) : rows.length === 0 ? (
          <EmptyState
            title={empty.title}
            action={status === 'pending' && !district && access.canCreate ? <Button onClick={() => setCreating(true)}>{t(m.newRequest)}</Button> : undefined}
          >
            <p>{empty.body}</p>
          </EmptyState>
        ) : (
          <>
            <div className="cluster cluster--between staffRequests-summary">
              <p className="text-sm muted">
                {t(status === 'pending' ? m.countWaiting : m.count, { count: list.data.meta.total })}
              </p>
              {list.isValidating && <Spinner size="sm" label={t(m.refreshing)} />}
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
            toast.success(t(district ? m.sentByColleague : m.sentByDistrict, { name: r.staff.name, school: r.building.name }), t(m.requestSent));
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
