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
    'GET /api/admin/quote': { summary: 'Quotes across districts', ...reader, query: adminQuoteListQuerySchema, answer: 'page', answerSchema: 'AdminQuoteRow',
      answerText: 'One page of quotes across districts (`AdminQuoteRow`); `meta.plans` lists the plans (`{ key, name }`) for the filter.',
    },
    'GET /api/admin/district/{id}/billing': { summary: "A district's billing panel", ...reader, answerText: 'The billing contact, renewal, quotes and invoices of the district.', answerSchema: 'AdminDistrictBilling' },
    'POST /api/admin/quote/{id}/activate': { answerSchema: 'AdminDistrictBilling',
      summary: 'Activate an accepted quote', ...manager, errors: [409],
      answerText: "The district's Billing panel: the district gets the quote's plan and seats, its status, renewal date and first invoice.",
    },
    'POST /api/admin/invoice/{id}/paid': { answerSchema: 'AdminDistrictBilling', summary: 'Mark an invoice paid', ...manager, body: markInvoicePaidSchema, errors: [409], answerText: "The district's Billing panel, the invoice changed." },
    'POST /api/admin/invoice/{id}/void': { answerSchema: 'AdminDistrictBilling', summary: 'Void an invoice', ...manager, body: voidInvoiceSchema, errors: [409], answerText: "The district's Billing panel, the invoice changed." },
  },
};
