// Quotes (/app/settings/billing/quotes, `manage billing`): the district's quotes, newest first, with the
// status filter and page in the URL, and "New quote". `?new=1&plan=<key>` (with optional `seats` and
// `term`) opens the form with those chosen: the links from /pricing, Billing and an expired quote use it.
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatUsd } from '../../../common/money';
import { QUOTE_STATUS_LABELS, QUOTE_STATUSES, type QuoteSummary } from '../../../common/schemas/billing';
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
import { QuoteStatusBadge } from './components/StatusBadges';
import { readQuotesQuery } from './quotesQuery';
import { plural, pluralWord } from '../../../common/plural';

const PER_PAGE = 25;
const STATUS_OPTIONS = QUOTE_STATUSES.map((s) => ({ value: s, label: QUOTE_STATUS_LABELS[s] }));

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
        breadcrumbs={[{ label: 'Billing', to: '/app/settings/billing' }, { label: route.title }]}
        description={<p>Numbered quotes for your business office: send one by email, accept it with your purchase order number, or decline it.</p>}
        actions={canManage && !query.creating && <Button onClick={openForm}>New quote</Button>}
      />

      {query.creating && (billing.error && !billing.data ? (
        <LoadError what="the plans" message="We could not load the plans for a new quote. Please try again later." onRetry={() => void billing.mutate()} />
      ) : !billing.data ? (
        <LoadingBlock label="Loading plans…" />
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
          <h2 id="quotes-list-title" className="card__title">Your quotes</h2>
          <SelectField
            label="Status"
            name="status"
            className="billing-quotes__filter"
            placeholder="All statuses"
            options={STATUS_OPTIONS}
            value={query.status ?? ''}
            onChange={(value) => update({ status: value || null, page: null })}
          />
        </div>
        {error && !data ? (
          <LoadError what="quotes" onRetry={() => void mutate()} />
        ) : isLoading && !data ? (
          <LoadingBlock label="Loading quotes…" />
        ) : data && data.data.length === 0 ? (
          query.status ? (
            <EmptyState headingLevel={3} title={`No ${QUOTE_STATUS_LABELS[query.status].toLowerCase()} quotes`}
              action={<Button variant="secondary" onClick={() => update({ status: null, page: null })}>Show all quotes</Button>}>
              <p>Choose another status to see the rest of your quotes.</p>
            </EmptyState>
          ) : (
            <EmptyState headingLevel={3} title="No quotes yet">
              <p>Use New quote to price the plan and number of coach seats your district needs, for one to three school years.</p>
            </EmptyState>
          )
        ) : data ? (
          <>
            <Table<QuoteSummary>
              caption="Quotes"
              captionHidden
              stackOnPhone
              rows={data.data}
              rowKey={(q) => q.id}
              columns={[
                { key: 'number', header: 'Number', render: (q) => <Link className="nowrap" to={`/app/settings/billing/quotes/${q.id}`}>{q.number}</Link> },
                { key: 'plan', header: 'Plan', render: (q) => q.plan.name },
                { key: 'seats', header: 'Seats', className: 'num', render: (q) => q.seats.toLocaleString('en-US') },
                { key: 'term', header: 'Term', render: (q) => <span className="nowrap">{termLabel(q.term_years)}</span> },
                { key: 'total', header: 'Total', className: 'num', render: (q) => <span className="nowrap">{formatUsd(q.total_cents)}</span> },
                { key: 'status', header: 'Status', render: (q) => <QuoteStatusBadge status={q.status} /> },
                { key: 'valid', header: 'Valid until', render: (q) => <span className="nowrap">{day(q.valid_until, locale)}</span> },
              ]}
            />
            <p className="muted text-sm">
              {plural(data.meta.total, 'quote', 'quotes')}
              {query.status ? ` ${pluralWord(data.meta.total, 'is', 'are')} ${QUOTE_STATUS_LABELS[query.status].toLowerCase()}` : ''}
            </p>
            <Pager page={data.meta.page} lastPage={data.meta.last_page} onChange={(page) => update({ page: page > 1 ? String(page) : null })} />
          </>
        ) : null}
      </section>
    </div>
  );
}
