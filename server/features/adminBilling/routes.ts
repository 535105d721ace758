// The provider's side of billing (issue 14): quotes across districts, a district's Billing panel, and the
// commands on them (activate an accepted quote; mark an invoice paid or void). Thin handlers:
// authorize → validate → find (404) → command → present. Every change answers the district's Billing
// panel as it is afterwards (AdminDistrictBilling).
import { type Request, Router } from 'express';
import type { AdminDistrictBillingAnswer } from '../../../common/schemas/answers/billing';
import { adminQuoteListQuerySchema, BILLING_MESSAGES as M, markInvoicePaidSchema, voidInvoiceSchema } from '../../../common/schemas/billing';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { pageMeta, parsePage } from '../../http/pagination';
import { routeId } from '../../http/params';
import { validate } from '../../http/validate';
import { billToOf, presentAdminQuoteRow, presentInvoiceSummary, presentQuoteSummary } from '../../lib/billing/presenter';
import { todayIn } from '../../lib/zone';
import { billingManager, billingReader, canManageBilling, type ProviderCaller } from './policies';
import {
  districtInvoices, districtQuotes, findBillingDistrict, findInvoice, findQuote, listAdminQuotes, listPlanKeys,
} from './queries';
import { activateQuote, markInvoicePaid, voidInvoice } from './service';

export function adminBillingRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  async function districtBilling(caller: ProviderCaller, districtId: number): Promise<AdminDistrictBillingAnswer> {
    const district = (await findBillingDistrict(db, districtId))!;
    const today = todayIn(district.timezone);
    const [quotes, invoices] = await Promise.all([districtQuotes(db, districtId), districtInvoices(db, districtId)]);
    return {
      contact: billToOf(district),
      renews_on: district.renews_on,
      today,
      school_year_start_month: district.school_year_start_month,
      quotes: quotes.map((q) => ({ ...presentQuoteSummary(q, today), po_number: q.po_number })),
      invoices: invoices.map((i) => presentInvoiceSummary(i, today)),
      can_manage: canManageBilling(caller.auth),
    };
  }

  async function requireInvoice(req: Request) {
    const invoice = await findInvoice(db, routeId(req, 'id', M.invoiceNotFound));
    if (!invoice) throw notFound(M.invoiceNotFound);
    return invoice;
  }

  router.get('/admin/quote', async (req, res) => {
    billingReader(req);
    const query = validate(adminQuoteListQuerySchema, req.query);
    const page = parsePage(req.query);
    const [{ rows, total }, plans] = await Promise.all([listAdminQuotes(db, query, page), listPlanKeys(db)]);
    res.json({
      data: rows.map((row) => presentAdminQuoteRow(row, todayIn(row.district_timezone))),
      meta: { ...pageMeta(page.page, page.perPage, total), plans },
    });
  });

  router.get('/admin/district/:id/billing', async (req, res) => {
    const caller = billingReader(req);
    const district = await findBillingDistrict(db, routeId(req, 'id', M.districtNotFound));
    if (!district) throw notFound(M.districtNotFound);
    res.json(await districtBilling(caller, district.id));
  });

  router.post('/admin/quote/:id/activate', async (req, res) => {
    const caller = billingManager(req);
    const quote = await findQuote(db, routeId(req, 'id', M.quoteNotFound));
    if (!quote) throw notFound(M.quoteNotFound);
    const { districtId } = await activateQuote(db, caller.actor, quote.id);
    res.json(await districtBilling(caller, districtId));
  });

  router.post('/admin/invoice/:id/paid', async (req, res) => {
    const caller = billingManager(req);
    const input = validate(markInvoicePaidSchema, req.body ?? {});
    const invoice = await requireInvoice(req);
    const districtId = await markInvoicePaid(db, caller.actor, invoice.id, input.paid_on);
    res.json(await districtBilling(caller, districtId));
  });

  router.post('/admin/invoice/:id/void', async (req, res) => {
    const caller = billingManager(req);
    const input = validate(voidInvoiceSchema, req.body ?? {});
    const invoice = await requireInvoice(req);
    const districtId = await voidInvoice(db, caller.actor, invoice.id, input.reason);
    res.json(await districtBilling(caller, districtId));
  });

  return router;
}
