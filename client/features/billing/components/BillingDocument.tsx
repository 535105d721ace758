// The document layout a quote and an invoice share: on screen a sheet of paper, printed just the sheet
// (billing.css hides the app's chrome and the page's actions when printing).
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../../common/constants';
import type { BillTo } from '../../../../common/schemas/billing';
import { defineMessages, t, tRich } from '../../../lib/i18n';

const m = defineMessages({
  tagline: { id: 'billing.document.tagline', defaultMessage: 'Instructional coaching software for school districts' },
  quoteTitle: { id: 'billing.document.quoteTitle', defaultMessage: 'Quote {number}', description: 'number: the quote number, styled' },
  invoiceTitle: { id: 'billing.document.invoiceTitle', defaultMessage: 'Invoice {number}', description: 'number: the invoice number, styled' },
  status: { id: 'billing.document.status', defaultMessage: 'Status: ' },
  billTo: { id: 'billing.document.billTo', defaultMessage: 'Bill to' },
  attention: { id: 'billing.document.attention', defaultMessage: 'Attn: {name}' },
  taxExempt: { id: 'billing.document.taxExempt', defaultMessage: 'Tax-exempt certificate: {number}' },
  noContact: { id: 'billing.document.noContact', defaultMessage: 'No billing contact yet: add one on the Billing page.' },
  downloadPdf: { id: 'billing.document.downloadPdf', defaultMessage: 'Download PDF' },
  print: { id: 'billing.document.print', defaultMessage: 'Print' },
});

export interface DocumentFact {
  label: string;
  value: ReactNode;
}

export function BillingDocument(props: {
  /** Which document it is (its title says so in the person's language). */
  kind: 'Quote' | 'Invoice';
  number: string;
  status: ReactNode;
  facts: DocumentFact[];
  billTo: BillTo;
  children: ReactNode;
}) {
  const facts = props.facts.filter((f) => f.value !== null && f.value !== undefined && f.value !== '');
  return (
    <article className="billing-doc" aria-labelledby="billing-doc-title">
      <header className="billing-doc__head">
        <div className="billing-doc__from">
          <p className="billing-doc__brand">{PRODUCT_NAME}</p>
          <p className="billing-doc__muted">{t(m.tagline)}</p>
        </div>
        <div className="billing-doc__title-block">
          <h2 id="billing-doc-title" className="billing-doc__title">
            {tRich(props.kind === 'Quote' ? m.quoteTitle : m.invoiceTitle, {
              number: <span className="billing-doc__number">{props.number}</span>,
            })}
          </h2>
          <p className="billing-doc__status">
            <span className="sr-only">{t(m.status)}</span>
            {props.status}
          </p>
        </div>
      </header>

      <div className="grid-2 billing-doc__meta">
        <section aria-labelledby="billing-doc-billto" className="billing-doc__billto">
          <h3 id="billing-doc-billto" className="kicker billing-doc__label">{t(m.billTo)}</h3>
          <BillToBlock billTo={props.billTo} />
        </section>
        <dl className="billing-doc__facts">
          {facts.map((fact) => (
            <div key={fact.label} className="billing-doc__fact">
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      </div>

      {props.children}
    </article>
  );
}

export function BillToBlock({ billTo }: { billTo: BillTo }) {
  return (
    <address className="billing-doc__address">
      <strong>{billTo.district}</strong>
      {billTo.name && <span>{t(m.attention, { name: billTo.name })}</span>}
      {billTo.address && billTo.address.split('\n').map((line, i) => <span key={i}>{line}</span>)}
      {billTo.email && <span>{billTo.email}</span>}
      {billTo.tax_exempt_number && <span>{t(m.taxExempt, { number: billTo.tax_exempt_number })}</span>}
      {!billTo.name && !billTo.address && !billTo.email && (
        <span className="billing-doc__muted no-print">{t(m.noContact)}</span>
      )}
    </address>
  );
}

/** Download PDF and Print, the actions every document page has. */
export function DocumentButtons({ pdfUrl, number }: { pdfUrl: string; number: string }) {
  return (
    <>
      <a className="btn btn--secondary btn--md" href={pdfUrl} download={`${number}.pdf`}>
        <span className="btn__label">{t(m.downloadPdf)}</span>
      </a>
      <button type="button" className="btn btn--secondary btn--md" onClick={() => window.print()}>
        <span className="btn__label">{t(m.print)}</span>
      </button>
    </>
  );
}
