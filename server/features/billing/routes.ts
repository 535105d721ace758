// The district's billing (issue 14): GET|PUT /api/billing, GET /api/invoice, GET /api/invoice/{id}[.pdf],
// GET|POST /api/quote, GET /api/quote/{id}[.pdf], POST /api/quote/{id}/accept|decline|send.
// Thin handlers: authorize (policies) → id → record (404) → validate (422) → call (service) → present.
import { districtLocale } from '../../i18n/recipients';
import type { Request, Response } from 'express';
import { Router } from 'express';
import type * as z from 'zod/mini';
import { hasPermission, PERMISSIONS } from '../../../common/permissions';
import {
  acceptQuoteSchema, BILLING_MESSAGES as M, billingContactSchema, createQuoteSchema, declineQuoteSchema, quoteListQuerySchema, sendQuoteSchema,
} from '../../../common/schemas/billing';
import type { DB } from '../../../db/connection';
import type { Deps } from '../../deps';
import { type FieldErrors, HttpError, notFound, validationError } from '../../http/errors';
import { pageMeta, parsePage } from '../../http/pagination';
import { routeId } from '../../http/params';
import { validate } from '../../http/validate';
import { attachment } from '../../lib/csv';
import { refuseWhileImpersonating } from '../../access/impersonation';
import { invoicePdfInWorker, pdfFileName, quotePdfInWorker } from './pdf';
import { type BillingCaller, billingManager } from './policies';
import { presentInvoiceDetail, presentInvoiceSummary, presentQuoteDetail, presentQuoteSummary } from '../../lib/billing/presenter';
import { type BillingDistrict, countCoachSeatsInUse, findBillingDistrict, findInvoice, listInvoices, listPlans, listQuotes } from './queries';
import { acceptQuote, createQuote, declineQuote, districtToday, requireQuote, sendQuote, updateBillingContact } from './service';
import { presentBillingSummary } from './summaryPresenter';

/** The `:id` of `/quote/:id` or `/quote/:id.pdf` (Express 5 paths take the suffix into the param, as reports do `.csv`). */
export function idAndFormat(req: Request, message: string): { id: number; pdf: boolean } {
  const raw = String(req.params.id ?? '');
  const pdf = raw.endsWith('.pdf');
  const id = routeId({ params: { id: pdf ? raw.slice(0, -4) : raw } } as unknown as Request, 'id', message);
  return { id, pdf };
}

function sendPdf(res: Response, fileName: string, body: Buffer): void {
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', attachment(fileName));
  res.setHeader('Cache-Control', 'private, no-store');
  res.send(body);
}

/** createQuoteSchema, with an unknown plan key named among the other bad fields (422 `plan`). */
function validateQuote(body: unknown, planKeys: string[]) {
  let errors: FieldErrors = {};
  let input: ReturnType<typeof validate<typeof createQuoteSchema>> | undefined;
  try {
    input = validate(createQuoteSchema, body);
  } catch (err) {
    if (!(err instanceof HttpError) || !err.errors) throw err;
    errors = err.errors;
  }
  const plan = (body as { plan?: unknown } | null)?.plan;
  if (!errors.plan && typeof plan === 'string' && plan.trim() && !planKeys.includes(plan.trim())) errors = { plan: [M.planUnknown], ...errors };
  if (!input || Object.keys(errors).length) throw validationError(errors);
  return input;
}

async function loadDistrict(db: DB, caller: BillingCaller): Promise<BillingDistrict> {
  const district = await findBillingDistrict(db, caller.auth.district.id);
  if (!district) throw notFound();
  return district;
}

async function summaryOf(db: DB, caller: BillingCaller) {
  const [district, plans, inUse] = await Promise.all([
    loadDistrict(db, caller), listPlans(db), countCoachSeatsInUse(db, caller.auth.district.id),
  ]);
  return presentBillingSummary(district, plans, inUse, hasPermission(caller.auth.permissions, PERMISSIONS.manageBilling));
}

export function billingRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  router.get('/billing', async (req, res) => {
    res.json(await summaryOf(db, billingManager(req)));
  });

  router.put('/billing', async (req, res) => {
    const caller = billingManager(req);
    // The contact receives the district's invoices and renewals and stays after an impersonation ends: the district's own act only.
    refuseWhileImpersonating(caller.auth, M.contactWhileImpersonating);
    const input = validate(billingContactSchema, req.body);
    await updateBillingContact(db, caller.actor, await loadDistrict(db, caller), input);
    res.json(await summaryOf(db, caller));
  });

  // Invoices (created by the provider; the district reads them) ------------------------------------

  router.get('/invoice', async (req, res) => {
    const caller = billingManager(req);
    const page = parsePage(req.query);
    const district = await loadDistrict(db, caller);
    const { rows, total } = await listInvoices(db, district.id, page);
    const today = districtToday(district);
    res.json({ data: rows.map((r) => presentInvoiceSummary(r, today)), meta: pageMeta(page.page, page.perPage, total) });
  });

  router.get('/invoice/:id', async (req, res) => {
    const caller = billingManager(req);
    const { id, pdf } = idAndFormat(req, M.invoiceNotFound);
    const district = await loadDistrict(db, caller);
    const invoice = await findInvoice(db, district.id, id);
    if (!invoice) throw notFound(M.invoiceNotFound);
    const detail = presentInvoiceDetail(invoice, districtToday(district));
    if (!pdf) {
      res.json(detail);
      return;
    }
    sendPdf(res, pdfFileName(detail.number), await invoicePdfInWorker(detail, districtLocale(caller.auth.district)));
  });

  // Quotes -----------------------------------------------------------------------------------------

  router.get('/quote', async (req, res) => {
    const caller = billingManager(req);
    const query = validate(quoteListQuerySchema, req.query);
    const page = parsePage(req.query);
    const district = await loadDistrict(db, caller);
    const today = districtToday(district);
    const { rows, total } = await listQuotes(db, district.id, { status: query.filter.status, today }, page);
    res.json({ data: rows.map((r) => presentQuoteSummary(r, today)), meta: pageMeta(page.page, page.perPage, total) });
  });

  router.post('/quote', async (req, res) => {
    const caller = billingManager(req);
    const input = validateQuote(req.body, (await listPlans(db)).map((p) => p.key));
    const district = await loadDistrict(db, caller);
    const id = await createQuote(deps, caller.actor, district, input);
    res.status(201).json(presentQuoteDetail(await requireQuote(db, district.id, id), district, districtToday(district)));
  });

  router.get('/quote/:id', async (req, res) => {
    const caller = billingManager(req);
    const { id, pdf } = idAndFormat(req, M.quoteNotFound);
    const district = await loadDistrict(db, caller);
    const quote = await requireQuote(db, district.id, id);
    const detail = presentQuoteDetail(quote, district, districtToday(district));
    if (!pdf) {
      res.json(detail);
      return;
    }
    sendPdf(res, pdfFileName(detail.number), await quotePdfInWorker(detail, districtToday(district, new Date(quote.created_at)), districtLocale(caller.auth.district)));
  });

  /**
   * A district's decision on one of its quotes: authorize (the district's own act only when
   * `impersonationMessage` is given), find the quote (404), validate the body, run the command, then answer
   * the quote as it now stands.
   */
  function quoteAction<S extends z.ZodMiniType>(
    schema: S,
    command: (caller: BillingCaller, district: BillingDistrict, id: number, input: z.infer<S>) => Promise<unknown>,
    impersonationMessage?: string,
  ) {
    return async (req: Request, res: Response) => {
      const caller = billingManager(req);
      if (impersonationMessage) refuseWhileImpersonating(caller.auth, impersonationMessage);
      const id = routeId(req, 'id', M.quoteNotFound);
      const district = await loadDistrict(db, caller);
      await requireQuote(db, district.id, id);
      const input = validate(schema, req.body);
      await command(caller, district, id, input);
      res.json(presentQuoteDetail(await requireQuote(db, district.id, id), district, districtToday(district)));
    };
  }

  // Accepting commits the district to a purchase (its PO, its signer): the district's own act only.
  router.post('/quote/:id/accept', quoteAction(acceptQuoteSchema, (caller, district, id, input) => acceptQuote(db, caller.actor, district, id, input), M.acceptWhileImpersonating));
  router.post('/quote/:id/decline', quoteAction(declineQuoteSchema, (caller, district, id, input) => declineQuote(db, caller.actor, district, id, input)));
  // The email goes to any address in the district's name, with its administrator named: the district's own act only.
  router.post('/quote/:id/send', quoteAction(sendQuoteSchema, (caller, district, id, input) => sendQuote(deps, caller, district, id, input.email), M.sendWhileImpersonating));

  return router;
}
