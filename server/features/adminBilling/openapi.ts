// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import { adminQuoteListQuerySchema, markInvoicePaidSchema, voidInvoiceSchema } from '../../../common/schemas/billing';
import type { ApiArea } from '../../http/apiDoc';

const reader = { who: 'provider', permissions: [P.seeAllDistricts] } as const;
const manager = { ...reader, role: 'provider-admin', description: 'Provider administrators only (the role `provider-admin`: "manage district accounts"), not while impersonating.' } as const;

export const adminBillingApi: ApiArea = {
  tag: 'Admin: billing',
  description: "The provider's side of billing: quotes across districts, activating, invoices.",
  operations: {
    'GET /api/admin/quote': { summary: 'Quotes across districts', ...reader, query: adminQuoteListQuerySchema, answer: 'page' },
    'GET /api/admin/district/{id}/billing': { summary: "A district's billing panel", ...reader, answerText: 'The plan, seats, quotes and invoices of the district.' },
    'POST /api/admin/quote/{id}/activate': { answerSchema: 'Quote',
      summary: 'Activate an accepted quote', ...manager, errors: [409],
      answerText: 'The quote; the district gets its plan, seats, status, renewal date and first invoice.',
    },
    'POST /api/admin/invoice/{id}/paid': { answerSchema: 'Invoice', summary: 'Mark an invoice paid', ...manager, body: markInvoicePaidSchema, errors: [409], answerText: 'The invoice.' },
    'POST /api/admin/invoice/{id}/void': { answerSchema: 'Invoice', summary: 'Void an invoice', ...manager, body: voidInvoiceSchema, errors: [409], answerText: 'The invoice.' },
  },
};
