// The Billing panel of the admin District view (provider side of issue 14): the district's billing
// contact and renewal date, its quotes with "Activate" on an accepted one, its invoices with "Mark paid"
// and "Void". The actions show only to provider administrators (`can_manage`); each is confirmed in a
// dialog that names what will change. After a change the panel takes the server's answer and
// `onChanged` lets the page refresh the district (plan, seats, status).
import type { Locale } from 'date-fns';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import * as z from 'zod/mini';
import { formatUsd } from '../../../common/money';
import { paidTerm } from '../../../common/renewal';
import {
  type AdminDistrictBilling, BILLING_MESSAGES as M, INVOICE_DUE_DAYS, type InvoiceSummary,
} from '../../../common/schemas/billing';
import { text } from '../../../common/schemas/fields';
import { activateQuote, markInvoicePaid, useDistrictBilling, voidInvoice } from '../../lib/adminBilling';
import { formatDay } from '../../lib/dates';
import { formatInteger } from '../../lib/format';
import { type FieldBinding, useFormErrors } from '../../lib/forms';
import { useInstantFormat } from '../../lib/session';
import { addDays } from '../../lib/zonedTime';
import { Button } from '../Button';
import { FormError, TextAreaField, TextField } from '../Field';
import { LoadError } from '../LoadError';
import { Modal } from '../Modal';
import { LoadingBlock } from '../Spinner';
import { TableFrame, TableHead } from '../Table';
import { useToast } from '../Toasts';
import { InvoiceStatusBadge, QuoteStatusBadge, shortTerm, termText } from './BillingBadges';
import './adminBilling.css';

/** What the panel needs of the district (the District view has it). */
export interface BillingPanelDistrict {
  id: number;
  name: string;
  status: 'trial' | 'active' | 'suspended';
  plan: { name: string };
  seats: number;
}

type Quote = AdminDistrictBilling['quotes'][number];
type Action = { kind: 'activate'; quote: Quote } | { kind: 'paid'; invoice: InvoiceSummary } | { kind: 'void'; invoice: InvoiceSummary };

const NONE = <span className="muted">—<span className="sr-only">None</span></span>;

type Props = { district: BillingPanelDistrict; locale?: Locale; onChanged: () => void };

export function BillingPanel({ district, locale, onChanged }: Props) {
  const { data: billing, error, mutate } = useDistrictBilling(district.id);
  const [action, setAction] = useState<Action | null>(null);
  const close = () => setAction(null);

  return (
    <section className="card stack ab-panel" aria-labelledby="ab-billing-heading">
      <div className="card__header">
        <h2 className="card__title" id="ab-billing-heading">Billing</h2>
        <Link className="text-sm" to={`/admin/quotes?district=${district.id}`}>All quotes of this district</Link>
      </div>
      {error && !billing ? (
        <LoadError what="billing" onRetry={() => void mutate()} />
      ) : !billing ? (
        <LoadingBlock label="Loading billing…" />
      ) : (
        <>
          <Contact billing={billing} locale={locale} />
          <QuotesTable billing={billing} locale={locale} onActivate={(quote) => setAction({ kind: 'activate', quote })} />
          <InvoicesTable billing={billing} locale={locale} onAction={setAction} />
          {!billing.can_manage && <p className="muted text-sm">Only a provider administrator can activate quotes and change invoices.</p>}
          {action?.kind === 'activate' && (
            <ActivateDialog district={district} billing={billing} quote={action.quote} locale={locale} onClose={close} onDone={onChanged} />
          )}
          {action?.kind === 'paid' && <PaidDialog districtId={district.id} billing={billing} invoice={action.invoice} locale={locale} onClose={close} />}
          {action?.kind === 'void' && <VoidDialog districtId={district.id} invoice={action.invoice} onClose={close} />}
        </>
      )}
    </section>
  );
}

function Contact({ billing, locale }: { billing: AdminDistrictBilling; locale?: Locale }) {
  const c = billing.contact;
  return (
    <dl className="dl ab-contact">
      <dt>Billing contact</dt>
      <dd>
        {c.name || c.email ? (
          <>
            {c.name ?? ''}
            {c.email && <>{c.name ? <br /> : null}<a href={`mailto:${c.email}`}>{c.email}</a></>}
          </>
        ) : <span className="muted">Not set yet (the district sets it under Settings → Billing)</span>}
      </dd>
      <dt>Billing address</dt>
      <dd className="ab-address">{c.address ?? NONE}</dd>
      <dt>Tax-exempt number</dt>
      <dd>{c.tax_exempt_number ?? NONE}</dd>
      <dt>Renews on</dt>
      <dd>{billing.renews_on ? formatDay(billing.renews_on, locale) : <span className="muted">No paid term yet</span>}</dd>
    </dl>
  );
}

function QuotesTable({ billing, locale, onActivate }: { billing: AdminDistrictBilling; locale?: Locale; onActivate: (q: Quote) => void }) {
  const when = useInstantFormat();
  return (
    <div className="stack stack--sm">
      <h3 className="ab-subtitle">Quotes</h3>
      {billing.quotes.length === 0 ? (
        <p className="muted">No quotes yet. The district creates them under Settings → Billing → Quotes.</p>
      ) : (
        <TableFrame caption="Quotes" captionHidden stackOnPhone className="ab-table" wrapClassName="ab-table-wrap">
          <TableHead columns={['Quote', 'Plan', { label: 'Seats', className: 'num' }, <>Term <span className="sr-only">(school years)</span></>, { label: 'Total', className: 'num' }, 'Status', 'Valid until', 'PO number', billing.can_manage && { label: 'Actions', hidden: true }]} />
          <tbody>
            {billing.quotes.map((q) => (
              <tr key={q.id}>
                <th scope="row" className="ab-table__name">{q.number}</th>
                <td data-label="Plan">{q.plan.name}</td>
                <td className="num" data-label="Seats">{formatInteger(q.seats)}</td>
                <td className="nowrap" data-label="Term">{shortTerm(q.term_years)}</td>
                <td className="num" data-label="Total">{formatUsd(q.total_cents)}</td>
                <td data-label="Status">
                  <span>
                    <QuoteStatusBadge status={q.status} activated={q.activated_at !== null} />
                    {q.activated_at && <span className="ab-table__sub">{when.date(q.activated_at)}</span>}
                  </span>
                </td>
                <td className="nowrap" data-label="Valid until">{formatDay(q.valid_until, locale)}</td>
                <td data-label="PO number">{q.po_number ?? NONE}</td>
                {billing.can_manage && (
                  <td className="table__actions ab-table__actions">
                    {q.status === 'accepted' && q.activated_at === null && (
                      <Button size="sm" onClick={() => onActivate(q)} aria-label={`Activate ${q.number}`}>Activate</Button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
    </div>
  );
}

function InvoicesTable({ billing, locale, onAction }: { billing: AdminDistrictBilling; locale?: Locale; onAction: (a: Action) => void }) {
  return (
    <div className="stack stack--sm">
      <h3 className="ab-subtitle">Invoices</h3>
      {billing.invoices.length === 0 ? (
        <p className="muted">No invoices yet. Activating an accepted quote issues the first one.</p>
      ) : (
        <TableFrame caption="Invoices" captionHidden stackOnPhone className="ab-table" wrapClassName="ab-table-wrap">
          <TableHead columns={['Invoice', 'Issued', 'Period', { label: 'Amount', className: 'num' }, 'Status', 'Due', 'Paid on', billing.can_manage && { label: 'Actions', hidden: true }]} />
          <tbody>
            {billing.invoices.map((i) => {
              const open = i.status === 'open' || i.status === 'overdue';
              return (
                <tr key={i.id}>
                  <th scope="row" className="ab-table__name">
                    {i.number}
                    {i.quote && <span className="ab-table__sub">From {i.quote.number}</span>}
                  </th>
                  <td className="nowrap" data-label="Issued">{formatDay(i.issued_on, locale)}</td>
                  <td data-label="Period">{formatDay(i.period_start, locale)} – {formatDay(i.period_end, locale)}</td>
                  <td className="num" data-label="Amount">{formatUsd(i.amount_cents)}</td>
                  <td data-label="Status"><InvoiceStatusBadge status={i.status} /></td>
                  <td className="nowrap" data-label="Due">{formatDay(i.due_on, locale)}</td>
                  <td className="nowrap" data-label="Paid on">{i.paid_on ? formatDay(i.paid_on, locale) : NONE}</td>
                  {billing.can_manage && (
                    <td className="table__actions ab-table__actions">
                      {open && (
                        <span className="cluster ab-row-actions">
                          <Button size="sm" variant="secondary" onClick={() => onAction({ kind: 'paid', invoice: i })} aria-label={`Mark paid ${i.number}`}>Mark paid</Button>
                          <Button size="sm" variant="ghost" onClick={() => onAction({ kind: 'void', invoice: i })} aria-label={`Void ${i.number}`}>Void</Button>
                        </span>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </TableFrame>
      )}
    </div>
  );
}

function Footer({ busy, label, danger, formId, onClose }: { busy: boolean; label: string; danger?: boolean; formId: string; onClose: () => void }) {
  return (
    <>
      <Button variant="secondary" onClick={onClose} disabled={busy}>Cancel</Button>
      <Button type="submit" form={formId} variant={danger ? 'danger' : 'primary'} busy={busy}>{label}</Button>
    </>
  );
}

const STATUS_WORD = { trial: 'Trial', active: 'Active', suspended: 'Suspended' } as const;

function Change({ label, from, to }: { label: string; from: string; to: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{from === to ? <>{to} <span className="muted">(unchanged)</span></> : <><span className="ab-from">{from}</span> → <strong>{to}</strong></>}</dd>
    </>
  );
}

function ActivateDialog({ district, billing, quote, locale, onClose, onDone }: {
  district: BillingPanelDistrict; billing: AdminDistrictBilling; quote: Quote; locale?: Locale; onClose: () => void; onDone: () => void;
}) {
  const toast = useToast();
  const form = useFormErrors({});
  const term = paidTerm(billing.today, billing.school_year_start_month, quote.term_years);
  const submit = form.onSubmit(async () => {
    const ok = await form.run(async () => {
      const after = await activateQuote(district.id, quote.id);
      const invoice = after.invoices.find((i) => i.quote?.id === quote.id);
      toast.success(`${quote.number} is activated${invoice ? `: invoice ${invoice.number} issued` : ''}.`);
      onDone();
    });
    if (ok) onClose();
  });
  const contact = billing.contact.name ?? billing.contact.email;
  return (
    <Modal open title={`Activate ${quote.number}?`} onClose={onClose} dismissible={!form.busy}
      footer={<Footer busy={form.busy} label="Activate quote" formId="ab-activate-form" onClose={onClose} />}>
      <form id="ab-activate-form" ref={form.formRef} className="form stack" noValidate onSubmit={submit}>
        <FormError error={form.formError} />
        <p>{district.name} accepted this quote{quote.po_number ? <> with PO <strong>{quote.po_number}</strong></> : null}. Activating it changes the district:</p>
        <dl className="dl ab-changes">
          <Change label="Status" from={STATUS_WORD[district.status]} to="Active" />
          <Change label="Plan" from={district.plan.name} to={quote.plan.name} />
          <Change label="Coach seats" from={formatInteger(district.seats)} to={formatInteger(quote.seats)} />
          <Change label="Renews on" from={billing.renews_on ? formatDay(billing.renews_on, locale) : 'None'} to={formatDay(term.renews_on, locale)} />
        </dl>
        <p>
          and issues the first invoice for <strong>{formatUsd(quote.total_cents)}</strong>, dated today ({formatDay(billing.today, locale)}),
          due {formatDay(addDays(billing.today, INVOICE_DUE_DAYS), locale)}, for {termText(quote.term_years)} to {formatDay(term.renews_on, locale)}
          {contact ? <>, billed to {contact}</> : null}.
        </p>
        {district.status === 'trial' && <p className="muted text-sm">The trial ends now: the district is no longer on a trial.</p>}
      </form>
    </Modal>
  );
}

function PaidDialog({ districtId, billing, invoice, locale, onClose }: {
  districtId: number; billing: AdminDistrictBilling; invoice: InvoiceSummary; locale?: Locale; onClose: () => void;
}) {
  const toast = useToast();
  const form = useFormErrors({ paid_on: billing.today });
  const dateSchema = z.object({
    paid_on: z.string().check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/, M.paidOnFormat),
      z.refine((v) => v <= billing.today, M.paidOnFuture),
      z.refine((v) => v >= invoice.issued_on, M.paidOnBeforeIssued),
    ),
  });
  const submit = form.onSubmit(async () => {
    if (!form.check(dateSchema, form.values)) return;
    const ok = await form.run(async () => {
      await markInvoicePaid(districtId, invoice.id, form.values.paid_on);
      toast.success(`${invoice.number} is marked paid.`);
    });
    if (ok) onClose();
  });
  return (
    <Modal open title={`Mark ${invoice.number} paid`} onClose={onClose} dismissible={!form.busy}
      footer={<Footer busy={form.busy} label="Mark paid" formId="ab-paid-form" onClose={onClose} />}>
      <form id="ab-paid-form" ref={form.formRef} className="form stack" noValidate onSubmit={submit}>
        <FormError error={form.formError} />
        <p>{formatUsd(invoice.amount_cents)}, issued {formatDay(invoice.issued_on, locale)}, due {formatDay(invoice.due_on, locale)}.</p>
        <TextField label="Paid on" type="date" required min={invoice.issued_on} max={billing.today}
          hint="The day the payment arrived (the district's today at the latest)." {...form.field('paid_on')} />
      </form>
    </Modal>
  );
}

const reasonSchema = z.object({ reason: text('Reason', 500) });

function ReasonField({ binding }: { binding: FieldBinding }) {
  return <TextAreaField label="Reason" required rows={3} maxLength={500} hint="Why it is void, for example “Billed twice” (kept in the audit log)." {...binding} />;
}

function VoidDialog({ districtId, invoice, onClose }: { districtId: number; invoice: InvoiceSummary; onClose: () => void }) {
  const toast = useToast();
  const form = useFormErrors({ reason: '' });
  const submit = form.onSubmit(async () => {
    if (!form.check(reasonSchema, form.values)) return;
    const ok = await form.run(async () => {
      await voidInvoice(districtId, invoice.id, form.values.reason);
      toast.success(`${invoice.number} is void.`);
    });
    if (ok) onClose();
  });
  return (
    <Modal open title={`Void ${invoice.number}?`} onClose={onClose} dismissible={!form.busy}
      footer={<Footer busy={form.busy} label="Void invoice" danger formId="ab-void-form" onClose={onClose} />}>
      <form id="ab-void-form" ref={form.formRef} className="form stack" noValidate onSubmit={submit}>
        <FormError error={form.formError} />
        <p>The invoice for {formatUsd(invoice.amount_cents)} stays on record as void; it can no longer be marked paid.</p>
        <ReasonField binding={form.field('reason')} />
      </form>
    </Modal>
  );
}

