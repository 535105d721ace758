// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import {
  acceptQuoteSchema, billingContactSchema, createQuoteSchema, declineQuoteSchema, quoteListQuerySchema, sendQuoteSchema,
} from '../../../common/schemas/billing';
import type { ApiArea } from '../../http/apiDoc';

const billing = { who: 'district', permissions: [P.manageBilling] } as const;
const quote = 'The quote: line items, subtotal, discount, total (integer US cents), bill-to, status, its invoice once activated.';
const summary = 'The BillingSummary: plan and features, status, trial end and days left, `read_only`, seats, contact, every plan.';
const idOrPdf = (what: string) => ({ id: { text: `The ${what}'s id, or \`{id}.pdf\` for its PDF.`, type: 'string' as const } });

export const billingApi: ApiArea = {
  tag: 'Billing',
  description: "The district's billing: summary, contact, quotes and invoices (money in integer US cents).",
  operations: {
    'GET /api/billing': { summary: 'The billing summary', ...billing, answerText: summary, answerSchema: 'BillingSummary' },
    'PUT /api/billing': { summary: 'Change the billing contact', ...billing, body: billingContactSchema, answerText: summary, answerSchema: 'BillingSummary' },
    'GET /api/invoice': { answerSchema: 'InvoiceSummary', summary: 'Invoices', ...billing, answer: 'page', answerText: 'Newest first; `overdue` read off `due_on`.' },
    'GET /api/invoice/{id}': { answerSchema: 'Invoice', summary: 'One invoice, or its PDF', ...billing, params: idOrPdf('invoice'), answerText: 'The invoice with line items and bill-to (JSON), or its PDF with `.pdf`.' },
    'GET /api/quote': { answerSchema: 'QuoteSummary', summary: 'Quotes', ...billing, query: quoteListQuerySchema, answer: 'page' },
    'POST /api/quote': { answerSchema: 'Quote',
      summary: 'Ask for a quote', ...billing, body: createQuoteSchema, status: 201, errors: [429],
      description: 'A draft priced from the plan, numbered, valid for 30 days. At most 20 a day per district.', answerText: quote,
    },
    'GET /api/quote/{id}': { answerSchema: 'Quote', summary: 'One quote, or its PDF', ...billing, params: idOrPdf('quote'), answerText: `${quote} Its PDF with \`.pdf\`.` },
    'POST /api/quote/{id}/accept': { answerSchema: 'Quote',
      summary: 'Accept a quote', ...billing, body: acceptQuoteSchema, errors: [409],
      description: 'Only a draft or sent quote, before its valid-until day. Refused while impersonating.', answerText: quote,
    },
    'POST /api/quote/{id}/decline': { answerSchema: 'Quote', summary: 'Decline a quote', ...billing, body: declineQuoteSchema, errors: [409], answerText: quote },
    'POST /api/quote/{id}/send': { answerSchema: 'Quote',
      summary: 'Email a quote', ...billing, body: sendQuoteSchema, errors: [409, 429],
      description: 'With its PDF attached. Limited per user (10 an hour), district (30 a day) and quote (3 a day).', answerText: quote,
    },
  },
};
