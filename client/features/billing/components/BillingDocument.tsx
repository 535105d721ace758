// The document layout a quote and an invoice share: on screen a sheet of paper, printed just the sheet
// (billing.css hides the app's chrome and the page's actions when printing).
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../../common/constants';
import type { BillTo } from '../../../../common/schemas/billing';

export interface DocumentFact {
  label: string;
  value: ReactNode;
}

export function BillingDocument(props: {
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
          <p className="billing-doc__muted">Instructional coaching software for school districts</p>
        </div>
        <div className="billing-doc__title-block">
          <h2 id="billing-doc-title" className="billing-doc__title">
            {props.kind} <span className="billing-doc__number">{props.number}</span>
          </h2>
          <p className="billing-doc__status">
            <span className="sr-only">Status: </span>
            {props.status}
          </p>
        </div>
      </header>

      <div className="grid-2 billing-doc__meta">
        <section aria-labelledby="billing-doc-billto" className="billing-doc__billto">
          <h3 id="billing-doc-billto" className="kicker billing-doc__label">Bill to</h3>
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
      {billTo.name && <span>Attn: {billTo.name}</span>}
      {billTo.address && billTo.address.split('\n').map((line, i) => <span key={i}>{line}</span>)}
      {billTo.email && <span>{billTo.email}</span>}
      {billTo.tax_exempt_number && <span>Tax-exempt certificate: {billTo.tax_exempt_number}</span>}
      {!billTo.name && !billTo.address && !billTo.email && (
        <span className="billing-doc__muted no-print">No billing contact yet: add one on the Billing page.</span>
      )}
    </address>
  );
}

/** Download PDF and Print, the actions every document page has. */
export function DocumentButtons({ pdfUrl, number }: { pdfUrl: string; number: string }) {
  return (
    <>
      <a className="btn btn--secondary btn--md" href={pdfUrl} download={`${number}.pdf`}>
        <span className="btn__label">Download PDF</span>
      </a>
      <button type="button" className="btn btn--secondary btn--md" onClick={() => window.print()}>
        <span className="btn__label">Print</span>
      </button>
    </>
  );
}
