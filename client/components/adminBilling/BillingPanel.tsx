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
import { defineMessages, t, tRich, tText } from '../../lib/i18n';
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

const m = defineMessages({
  none: { id: 'adminBilling.none', defaultMessage: 'None' },
  billing: { id: 'adminBilling.panel.billing', defaultMessage: 'Billing' },
  allQuotes: { id: 'adminBilling.panel.allQuotes', defaultMessage: 'All quotes of this district' },
  loadError: { id: 'adminBilling.panel.loadError', defaultMessage: 'An error occurred while fetching billing. Please try again later.' },
  loading: { id: 'adminBilling.panel.loading', defaultMessage: 'Loading billing…' },
  onlyAdmins: { id: 'adminBilling.panel.onlyAdmins', defaultMessage: 'Only a provider administrator can activate quotes and change invoices.' },
  billingContact: { id: 'adminBilling.panel.billingContact', defaultMessage: 'Billing contact' },
  contactNotSet: { id: 'adminBilling.panel.contactNotSet', defaultMessage: 'Not set yet (the district sets it under Settings → Billing)' },
  billingAddress: { id: 'adminBilling.panel.billingAddress', defaultMessage: 'Billing address' },
  taxExempt: { id: 'adminBilling.panel.taxExempt', defaultMessage: 'Tax-exempt number' },
  renewsOn: { id: 'adminBilling.panel.renewsOn', defaultMessage: 'Renews on' },
  noPaidTerm: { id: 'adminBilling.panel.noPaidTerm', defaultMessage: 'No paid term yet' },
  quotes: { id: 'adminBilling.panel.quotes', defaultMessage: 'Quotes' },
  noQuotes: { id: 'adminBilling.panel.noQuotes', defaultMessage: 'No quotes yet. The district creates them under Settings → Billing → Quotes.' },
  quote: { id: 'adminBilling.quote', defaultMessage: 'Quote' },
  plan: { id: 'adminBilling.plan', defaultMessage: 'Plan' },
  seats: { id: 'adminBilling.seats', defaultMessage: 'Seats' },
  term: { id: 'adminBilling.term', defaultMessage: 'Term' },
  termHeader: { id: 'adminBilling.termHeader', defaultMessage: 'Term <sr>(school years)</sr>' },
  total: { id: 'adminBilling.total', defaultMessage: 'Total' },
  status: { id: 'adminBilling.status', defaultMessage: 'Status' },
  validUntil: { id: 'adminBilling.validUntil', defaultMessage: 'Valid until' },
  poNumber: { id: 'adminBilling.poNumber', defaultMessage: 'PO number' },
  actions: { id: 'adminBilling.panel.actions', defaultMessage: 'Actions' },
  activateNumber: { id: 'adminBilling.panel.activateNumber', defaultMessage: 'Activate {number}' },
  activate: { id: 'adminBilling.panel.activate', defaultMessage: 'Activate' },
  invoices: { id: 'adminBilling.panel.invoices', defaultMessage: 'Invoices' },
  noInvoices: { id: 'adminBilling.panel.noInvoices', defaultMessage: 'No invoices yet. Activating an accepted quote issues the first one.' },
  invoice: { id: 'adminBilling.panel.invoice', defaultMessage: 'Invoice' },
  issued: { id: 'adminBilling.panel.issued', defaultMessage: 'Issued' },
  period: { id: 'adminBilling.panel.period', defaultMessage: 'Period' },
  amount: { id: 'adminBilling.panel.amount', defaultMessage: 'Amount' },
  due: { id: 'adminBilling.panel.due', defaultMessage: 'Due' },
  paidOn: { id: 'adminBilling.panel.paidOn', defaultMessage: 'Paid on' },
  fromQuote: { id: 'adminBilling.panel.fromQuote', defaultMessage: 'From {number}' },
  markPaidNumber: { id: 'adminBilling.panel.markPaidNumber', defaultMessage: 'Mark paid {number}' },
  markPaid: { id: 'adminBilling.panel.markPaid', defaultMessage: 'Mark paid' },
  voidNumber: { id: 'adminBilling.panel.voidNumber', defaultMessage: 'Void {number}' },
  void: { id: 'adminBilling.panel.void', defaultMessage: 'Void' },
  cancel: { id: 'adminBilling.panel.cancel', defaultMessage: 'Cancel' },
  trial: { id: 'adminBilling.panel.trial', defaultMessage: 'Trial' },
  active: { id: 'adminBilling.panel.active', defaultMessage: 'Active' },
  suspended: { id: 'adminBilling.panel.suspended', defaultMessage: 'Suspended' },
  unchanged: { id: 'adminBilling.panel.unchanged', defaultMessage: '(unchanged)' },
  activated: { id: 'adminBilling.panel.activated', defaultMessage: '{number} is activated.' },
  activatedInvoice: { id: 'adminBilling.panel.activatedInvoice', defaultMessage: '{number} is activated: invoice {invoice} issued.' },
  activateTitle: { id: 'adminBilling.panel.activateTitle', defaultMessage: 'Activate {number}?' },
  activateQuote: { id: 'adminBilling.panel.activateQuote', defaultMessage: 'Activate quote' },
  accepted: { id: 'adminBilling.panel.accepted', defaultMessage: '{district} accepted this quote. Activating it changes the district:' },
  acceptedPo: { id: 'adminBilling.panel.acceptedPo', defaultMessage: '{district} accepted this quote with PO <b>{po}</b>. Activating it changes the district:' },
  coachSeats: { id: 'adminBilling.panel.coachSeats', defaultMessage: 'Coach seats' },
  issues: { id: 'adminBilling.panel.issues', defaultMessage: 'and issues the first invoice for <b>{amount}</b>, dated today ({today}), due {due}, for {term} to {renews}.' },
  issuesBilledTo: { id: 'adminBilling.panel.issuesBilledTo', defaultMessage: 'and issues the first invoice for <b>{amount}</b>, dated today ({today}), due {due}, for {term} to {renews}, billed to {contact}.' },
  trialEnds: { id: 'adminBilling.panel.trialEnds', defaultMessage: 'The trial ends now: the district is no longer on a trial.' },
  markedPaid: { id: 'adminBilling.panel.markedPaid', defaultMessage: '{number} is marked paid.' },
  markPaidTitle: { id: 'adminBilling.panel.markPaidTitle', defaultMessage: 'Mark {number} paid' },
  paidSummary: { id: 'adminBilling.panel.paidSummary', defaultMessage: '{amount}, issued {issued}, due {due}.' },
  paidOnHint: { id: 'adminBilling.panel.paidOnHint', defaultMessage: 'The day the payment arrived (the district\'s today at the latest).' },
  reason: { id: 'adminBilling.panel.reason', defaultMessage: 'Reason' },
  reasonHint: { id: 'adminBilling.panel.reasonHint', defaultMessage: 'Why it is void, for example “Billed twice” (kept in the audit log).' },
  isVoid: { id: 'adminBilling.panel.isVoid', defaultMessage: '{number} is void.' },
  voidTitle: { id: 'adminBilling.panel.voidTitle', defaultMessage: 'Void {number}?' },
  voidInvoice: { id: 'adminBilling.panel.voidInvoice', defaultMessage: 'Void invoice' },
  voidText: { id: 'adminBilling.panel.voidText', defaultMessage: 'The invoice for {amount} stays on record as void; it can no longer be marked paid.' },
});

const NONE = () => <span className="muted">—<span className="sr-only">{t(m.none)}</span></span>;

type Props = { district: BillingPanelDistrict; locale?: Locale; onChanged: () => void };

export function BillingPanel({ district, locale, onChanged }: Props) {
  const { data: billing, error, mutate } = useDistrictBilling(district.id);
  const [action, setAction] = useState<Action | null>(null);
  const close = () => setAction(null);

  return (
    <section className="card stack ab-panel" aria-labelledby="ab-billing-heading">
      <div className="card__header">
        <h2 className="card__title" id="ab-billing-heading">{t(m.billing)}</h2>
        <Link className="text-sm" to={`/admin/quotes?district=${district.id}`}>{t(m.allQuotes)}</Link>
      </div>
      {error && !billing ? (
        <LoadError message={t(m.loadError)} onRetry={() => void mutate()} />
      ) : !billing ? (
        <LoadingBlock label={t(m.loading)} />
      ) : (
        <>
          <Contact billing={billing} locale={locale} />
          <QuotesTable billing={billing} locale={locale} onActivate={(quote) => setAction({ kind: 'activate', quote })} />
          <InvoicesTable billing={billing} locale={locale} onAction={setAction} />
          {!billing.can_manage && <p className="muted text-sm">{t(m.onlyAdmins)}</p>}
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
      <dt>{t(m.billingContact)}</dt>
      <dd>
        {c.name || c.email ? (
          <>
            {c.name ?? ''}
            {c.email && <>{c.name ? <br /> : null}<a href={`mailto:${c.email}`}>{c.email}</a></>}
          </>
        ) : <span className="muted">{t(m.contactNotSet)}</span>}
      </dd>
      <dt>{t(m.billingAddress)}</dt>
      <dd className="ab-address">{c.address ?? NONE()}</dd>
      <dt>{t(m.taxExempt)}</dt>
      <dd>{c.tax_exempt_number ?? NONE()}</dd>
      <dt>{t(m.renewsOn)}</dt>
      <dd>{billing.renews_on ? formatDay(billing.renews_on, locale) : <span className="muted">{t(m.noPaidTerm)}</span>}</dd>
    </dl>
  );
}

function QuotesTable({ billing, locale, onActivate }: { billing: AdminDistrictBilling; locale?: Locale; onActivate: (q: Quote) => void }) {
  const when = useInstantFormat();
  return (
    <div className="stack stack--sm">
      <h3 className="ab-subtitle">{t(m.quotes)}</h3>
      {billing.quotes.length === 0 ? (
        <p className="muted">{t(m.noQuotes)}</p>
      ) : (
        <TableFrame caption={t(m.quotes)} captionHidden stackOnPhone className="ab-table" wrapClassName="ab-table-wrap">
          <TableHead columns={[t(m.quote), t(m.plan), { label: t(m.seats), className: 'num' }, <>{tRich(m.termHeader, { sr: (chunks) => <span className="sr-only">{chunks}</span> })}</>, { label: t(m.total), className: 'num' }, t(m.status), t(m.validUntil), t(m.poNumber), billing.can_manage && { label: t(m.actions), hidden: true }]} />
          <tbody>
            {billing.quotes.map((q) => (
              <tr key={q.id}>
                <th scope="row" className="ab-table__name">{q.number}</th>
                <td data-label={t(m.plan)}>{q.plan.name}</td>
                <td className="num" data-label={t(m.seats)}>{formatInteger(q.seats)}</td>
                <td className="nowrap" data-label={t(m.term)}>{shortTerm(q.term_years)}</td>
                <td className="num" data-label={t(m.total)}>{formatUsd(q.total_cents)}</td>
                <td data-label={t(m.status)}>
                  <span>
                    <QuoteStatusBadge status={q.status} activated={q.activated_at !== null} />
                    {q.activated_at && <span className="ab-table__sub">{when.date(q.activated_at)}</span>}
                  </span>
                </td>
                <td className="nowrap" data-label={t(m.validUntil)}>{formatDay(q.valid_until, locale)}</td>
                <td data-label={t(m.poNumber)}>{q.po_number ?? NONE()}</td>
                {billing.can_manage && (
                  <td className="table__actions ab-table__actions">
                    {q.status === 'accepted' && q.activated_at === null && (
                      <Button size="sm" onClick={() => onActivate(q)} aria-label={t(m.activateNumber, { number: q.number })}>{t(m.activate)}</Button>
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
      <h3 className="ab-subtitle">{t(m.invoices)}</h3>
      {billing.invoices.length === 0 ? (
        <p className="muted">{t(m.noInvoices)}</p>
      ) : (
        <TableFrame caption={t(m.invoices)} captionHidden stackOnPhone className="ab-table" wrapClassName="ab-table-wrap">
          <TableHead columns={[t(m.invoice), t(m.issued), t(m.period), { label: t(m.amount), className: 'num' }, t(m.status), t(m.due), t(m.paidOn), billing.can_manage && { label: t(m.actions), hidden: true }]} />
          <tbody>
            {billing.invoices.map((i) => {
              const open = i.status === 'open' || i.status === 'overdue';
              return (
                <tr key={i.id}>
                  <th scope="row" className="ab-table__name">
                    {i.number}
                    {i.quote && <span className="ab-table__sub">{t(m.fromQuote, { number: i.quote.number })}</span>}
                  </th>
                  <td className="nowrap" data-label={t(m.issued)}>{formatDay(i.issued_on, locale)}</td>
                  <td data-label={t(m.period)}>{formatDay(i.period_start, locale)} – {formatDay(i.period_end, locale)}</td>
                  <td className="num" data-label={t(m.amount)}>{formatUsd(i.amount_cents)}</td>
                  <td data-label={t(m.status)}><InvoiceStatusBadge status={i.status} /></td>
                  <td className="nowrap" data-label={t(m.due)}>{formatDay(i.due_on, locale)}</td>
                  <td className="nowrap" data-label={t(m.paidOn)}>{i.paid_on ? formatDay(i.paid_on, locale) : NONE()}</td>
                  {billing.can_manage && (
                    <td className="table__actions ab-table__actions">
                      {open && (
                        <span className="cluster ab-row-actions">
                          <Button size="sm" variant="secondary" onClick={() => onAction({ kind: 'paid', invoice: i })} aria-label={t(m.markPaidNumber, { number: i.number })}>{t(m.markPaid)}</Button>
                          <Button size="sm" variant="ghost" onClick={() => onAction({ kind: 'void', invoice: i })} aria-label={t(m.voidNumber, { number: i.number })}>{t(m.void)}</Button>
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
      <Button variant="secondary" onClick={onClose} disabled={busy}>{t(m.cancel)}</Button>
      <Button type="submit" form={formId} variant={danger ? 'danger' : 'primary'} busy={busy}>{label}</Button>
    </>
  );
}

const STATUS_WORD = () => ({ trial: t(m.trial), active: t(m.active), suspended: t(m.suspended) }) as const;

function Change({ label, from, to }: { label: string; from: string; to: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{from === to ? <>{to} <span className="muted">{t(m.unchanged)}</span></> : <><span className="ab-from">{from}</span> → <strong>{to}</strong></>}</dd>
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
      toast.success(invoice ? t(m.activatedInvoice, { number: quote.number, invoice: invoice.number }) : t(m.activated, { number: quote.number }));
      onDone();
    });
    if (ok) onClose();
  });
  const contact = billing.contact.name ?? billing.contact.email;
  return (
    <Modal open title={t(m.activateTitle, { number: quote.number })} onClose={onClose} dismissible={!form.busy}
      footer={<Footer busy={form.busy} label={t(m.activateQuote)} formId="ab-activate-form" onClose={onClose} />}>
      <form id="ab-activate-form" ref={form.formRef} className="form stack" noValidate onSubmit={submit}>
        <FormError error={form.formError} />
        <p>{quote.po_number
          ? tRich(m.acceptedPo, { district: district.name, po: quote.po_number, b: (chunks) => <strong>{chunks}</strong> })
          : t(m.accepted, { district: district.name })}</p>
        <dl className="dl ab-changes">
          <Change label={t(m.status)} from={STATUS_WORD()[district.status]} to={t(m.active)} />
          <Change label={t(m.plan)} from={district.plan.name} to={quote.plan.name} />
          <Change label={t(m.coachSeats)} from={formatInteger(district.seats)} to={formatInteger(quote.seats)} />
          <Change label={t(m.renewsOn)} from={billing.renews_on ? formatDay(billing.renews_on, locale) : t(m.none)} to={formatDay(term.renews_on, locale)} />
        </dl>
        <p>
          {tRich(contact ? m.issuesBilledTo : m.issues, {
            amount: formatUsd(quote.total_cents), today: formatDay(billing.today, locale), due: formatDay(addDays(billing.today, INVOICE_DUE_DAYS), locale),
            term: termText(quote.term_years), renews: formatDay(term.renews_on, locale), contact: contact ?? '', b: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
        {district.status === 'trial' && <p className="muted text-sm">{t(m.trialEnds)}</p>}
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
      z.regex(/^\d{4}-\d{2}-\d{2}$/, tText(M.paidOnFormat)),
      z.refine((v) => v <= billing.today, tText(M.paidOnFuture)),
      z.refine((v) => v >= invoice.issued_on, tText(M.paidOnBeforeIssued)),
    ),
  });
  const submit = form.onSubmit(async () => {
    if (!form.check(dateSchema, form.values)) return;
    const ok = await form.run(async () => {
      await markInvoicePaid(districtId, invoice.id, form.values.paid_on);
      toast.success(t(m.markedPaid, { number: invoice.number }));
    });
    if (ok) onClose();
  });
  return (
    <Modal open title={t(m.markPaidTitle, { number: invoice.number })} onClose={onClose} dismissible={!form.busy}
      footer={<Footer busy={form.busy} label={t(m.markPaid)} formId="ab-paid-form" onClose={onClose} />}>
      <form id="ab-paid-form" ref={form.formRef} className="form stack" noValidate onSubmit={submit}>
        <FormError error={form.formError} />
        <p>{t(m.paidSummary, { amount: formatUsd(invoice.amount_cents), issued: formatDay(invoice.issued_on, locale), due: formatDay(invoice.due_on, locale) })}</p>
        <TextField label={t(m.paidOn)} type="date" required min={invoice.issued_on} max={billing.today}
          hint={t(m.paidOnHint)} {...form.field('paid_on')} />
      </form>
    </Modal>
  );
}

const reasonSchema = z.object({ reason: text('Reason', 500) });

function ReasonField({ binding }: { binding: FieldBinding }) {
  return <TextAreaField label={t(m.reason)} required rows={3} maxLength={500} hint={t(m.reasonHint)} {...binding} />;
}

function VoidDialog({ districtId, invoice, onClose }: { districtId: number; invoice: InvoiceSummary; onClose: () => void }) {
  const toast = useToast();
  const form = useFormErrors({ reason: '' });
  const submit = form.onSubmit(async () => {
    if (!form.check(reasonSchema, form.values)) return;
    const ok = await form.run(async () => {
      await voidInvoice(districtId, invoice.id, form.values.reason);
      toast.success(t(m.isVoid, { number: invoice.number }));
    });
    if (ok) onClose();
  });
  return (
    <Modal open title={t(m.voidTitle, { number: invoice.number })} onClose={onClose} dismissible={!form.busy}
      footer={<Footer busy={form.busy} label={t(m.voidInvoice)} danger formId="ab-void-form" onClose={onClose} />}>
      <form id="ab-void-form" ref={form.formRef} className="form stack" noValidate onSubmit={submit}>
        <FormError error={form.formError} />
        <p>{t(m.voidText, { amount: formatUsd(invoice.amount_cents) })}</p>
        <ReasonField binding={form.field('reason')} />
      </form>
    </Modal>
  );
}

