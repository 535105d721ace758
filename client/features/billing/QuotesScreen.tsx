// Quotes (/app/settings/billing/quotes, `manage billing`): the district's quotes, newest first, with the
// status filter and page in the URL, and "New quote". `?new=1&plan=<key>` (with optional `seats` and
// `term`) opens the form with those chosen: the links from /pricing, Billing and an expired quote use it.
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatUsd } from '../../../common/money';
import { QUOTE_STATUSES, type QuoteSummary } from '../../../common/schemas/billing';
import type { ScreenProps } from '../../app/routeTable';
import { LoadError } from '../../components/LoadError';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { SelectField } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { LoadingBlock } from '../../components/Spinner';
import { Table } from '../../components/Table';
import { useDateLocale } from '../../lib/session';
import { useBilling, useQuotes } from './api';
import { day, termLabel } from './components/format';
import { NewQuoteForm } from './components/NewQuoteForm';
import { QuoteStatusBadge, quoteStatusLabel } from '../../components/adminBilling/BillingBadges';
import { readQuotesQuery } from './quotesQuery';
import { formatInteger } from '../../lib/format';
import { defineMessages, t } from '../../lib/i18n';

const PER_PAGE = 25;
/** The status filter's options, in the person's language. */
const statusOptions = () => QUOTE_STATUSES.map((s) => ({ value: s, label: quoteStatusLabel(s) }));

const m = defineMessages({
  billing: { id: 'billing.quotes.billing', defaultMessage: 'Billing' },
  description: {
    id: 'billing.quotes.description',
    defaultMessage: 'Numbered quotes for your business office: send one by email, accept it with your purchase order number, or decline it.',
  },
  newQuote: { id: 'billing.quotes.newQuote', defaultMessage: 'New quote' },
  plansFailed: {
    id: 'billing.quotes.plansFailed',
    defaultMessage: 'We could not load the plans for a new quote. Please try again later.',
  },
  loadingPlans: { id: 'billing.quotes.loadingPlans', defaultMessage: 'Loading plans…' },
  yourQuotes: { id: 'billing.quotes.yourQuotes', defaultMessage: 'Your quotes' },
  status: { id: 'billing.quotes.status', defaultMessage: 'Status' },
  allStatuses: { id: 'billing.quotes.allStatuses', defaultMessage: 'All statuses' },
  loadFailed: { id: 'billing.quotes.loadFailed', defaultMessage: 'An error occurred while fetching quotes. Please try again later.' },
  loading: { id: 'billing.quotes.loading', defaultMessage: 'Loading quotes…' },
  noneWithStatus: {
    id: 'billing.quotes.noneWithStatus',
    defaultMessage: '{status, select, draft {No draft quotes} sent {No sent quotes} accepted {No accepted quotes} declined {No declined quotes} other {No expired quotes}}',
  },
  showAll: { id: 'billing.quotes.showAll', defaultMessage: 'Show all quotes' },
  chooseAnother: { id: 'billing.quotes.chooseAnother', defaultMessage: 'Choose another status to see the rest of your quotes.' },
  noneYet: { id: 'billing.quotes.noneYet', defaultMessage: 'No quotes yet' },
  noneYetText: {
    id: 'billing.quotes.noneYetText',
    defaultMessage: 'Use New quote to price the plan and number of coach seats your district needs, for one to three school years.',
  },
  caption: { id: 'billing.quotes.caption', defaultMessage: 'Quotes' },
  number: { id: 'billing.quotes.number', defaultMessage: 'Number' },
  plan: { id: 'billing.quotes.plan', defaultMessage: 'Plan' },
  seats: { id: 'billing.quotes.seats', defaultMessage: 'Seats' },
  term: { id: 'billing.quotes.term', defaultMessage: 'Term' },
  total: { id: 'billing.quotes.total', defaultMessage: 'Total' },
  validUntil: { id: 'billing.quotes.validUntil', defaultMessage: 'Valid until' },
  count: { id: 'billing.quotes.count', defaultMessage: '{count, plural, one {# quote} other {# quotes}}' },
  countWithStatus: {
    id: 'billing.quotes.countWithStatus',
    defaultMessage: '{count, plural, one {# quote is} other {# quotes are}} {status, select, draft {draft} sent {sent} accepted {accepted} declined {declined} other {expired}}',
  },
});

export default function QuotesScreen({ route }: ScreenProps) {
  const locale = useDateLocale();
  const [params, setParams] = useSearchParams();
  const query = readQuotesQuery(params);
  const billing = useBilling();
  const { data, error, isLoading, mutate } = useQuotes({ status: query.status, page: query.page, per_page: PER_PAGE });

  const update = useCallback((patch: Record<string, string | null>) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(patch)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      return next;
    });
  }, [setParams]);

  const [openedByButton, setOpenedByButton] = useState(false);
  const openForm = () => {
    setOpenedByButton(true);
    update({ new: '1' });
  };
  const closeForm = () => update({ new: null, plan: null, seats: null, term: null });
  const canManage = billing.data?.can_manage ?? false;

  const defaultSeats = billing.data ? Math.max(billing.data.seats.purchased, billing.data.seats.in_use, 1) : 1;

  return (
    <div className="stack stack--lg billing-page">
      <PageHeader
        title={route.title}
        breadcrumbs={[{ label: t(m.billing), to: '/app/settings/billing' }, { label: route.title }]}
        description={<p>{t(m.description)}</p>}
        actions={canManage && !query.creating && <Button onClick={openForm}>{t(m.newQuote)}</Button>}
      />

      {query.creating && (billing.error && !billing.data ? (
        <LoadError message={t(m.plansFailed)} onRetry={() => void billing.mutate()} />
      ) : !billing.data ? (
        <LoadingBlock label={t(m.loadingPlans)} />
      ) : billing.data.can_manage ? (
        <NewQuoteForm
          key={`${query.plan}-${query.seats}-${query.term}`}
          billing={billing.data}
          defaults={{ plan: query.plan, seats: query.seats ?? defaultSeats, termYears: query.term }}
          onCancel={closeForm}
          focusFirst={openedByButton}
        />
      ) : null)}

      <section className="stack billing-quotes" aria-labelledby="quotes-list-title">
        <div className="cluster cluster--between billing-quotes__toolbar">
          <h2 id="quotes-list-title" className="card__title">{t(m.yourQuotes)}</h2>
          <SelectField
            label={t(m.status)}
            name="status"
            className="billing-quotes__filter"
            placeholder={t(m.allStatuses)}
            options={statusOptions()}
            value={query.status ?? ''}
            onChange={(value) => update({ status: value || null, page: null })}
          />
        </div>
        {error && !data ? (
          <LoadError message={t(m.loadFailed)} onRetry={() => void mutate()} />
        ) : isLoading && !data ? (
          <LoadingBlock label={t(m.loading)} />
        ) : data && data.data.length === 0 ? (
          query.status ? (
            <EmptyState headingLevel={3} title={t(m.noneWithStatus, { status: query.status })}
              action={<Button variant="secondary" onClick={() => update({ status: null, page: null })}>{t(m.showAll)}</Button>}>
              <p>{t(m.chooseAnother)}</p>
            </EmptyState>
          ) : (
            <EmptyState headingLevel={3} title={t(m.noneYet)}>
              <p>{t(m.noneYetText)}</p>
            </EmptyState>
          )
        ) : data ? (
          <>
            <Table<QuoteSummary>
              caption={t(m.caption)}
              captionHidden
              stackOnPhone
              rows={data.data}
              rowKey={(q) => q.id}
              columns={[
                { key: 'number', header: t(m.number), render: (q) => <Link className="nowrap" to={`/app/settings/billing/quotes/${q.id}`}>{q.number}</Link> },
                { key: 'plan', header: t(m.plan), render: (q) => q.plan.name },
                { key: 'seats', header: t(m.seats), className: 'num', render: (q) => formatInteger(q.seats) },
                { key: 'term', header: t(m.term), render: (q) => <span className="nowrap">{termLabel(q.term_years)}</span> },
                { key: 'total', header: t(m.total), className: 'num', render: (q) => <span className="nowrap">{formatUsd(q.total_cents)}</span> },
                { key: 'status', header: t(m.status), render: (q) => <QuoteStatusBadge status={q.status} className="billing-status" /> },
                { key: 'valid', header: t(m.validUntil), render: (q) => <span className="nowrap">{day(q.valid_until, locale)}</span> },
              ]}
            />
            <p className="muted text-sm">
              {query.status
                ? t(m.countWithStatus, { count: data.meta.total, status: query.status })
                : t(m.count, { count: data.meta.total })}
            </p>
            <Pager page={data.meta.page} lastPage={data.meta.last_page} onChange={(page) => update({ page: page > 1 ? String(page) : null })} />
          </>
        ) : null}
      </section>
    </div>
  );
}
