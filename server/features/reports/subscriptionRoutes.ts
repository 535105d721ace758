// Scheduled report emails (issue 11), two routers:
// - reportSubscriptionRoutes (a feature router): POST/GET/DELETE /api/report-subscription — the
//   caller's own subscriptions only (another user's id is 404), `see engagement` needed, at most 20 per
//   user, creation rate-limited;
// - reportUnsubscribeRoutes, mounted by app.ts BEFORE the session/CSRF layer: GET and POST
//   /api/report-subscription/unsubscribe/{token}, the email's one-click link (RFC 8058: mail clients
//   POST "List-Unsubscribe=One-Click" without cookies or CSRF headers). The token is the only
//   credential and does only this; the answer is a plain HTML page (a friendly 404 page for an unknown
//   or used token).
import { Router, type Request, type Response } from 'express';
import * as z from 'zod/mini';
import { PERMISSIONS } from '../../../common/permissions';
import {
  coachingTeamQuerySchema, comparisonQuerySchema, cyclesReportQuerySchema, interactionsReportQuerySchema, REPORT_TITLES, walkthroughsReportQuerySchema,
  type ReportKind, reportSubscriptionPayloadSchema, teacherLevelQuerySchema,
} from '../../../common/schemas/reports';
import type { Deps } from '../../deps';
import { districtActor, type DistrictAuth, requireDistrict, scopeOf } from '../../access/guards';
import { forbidden, notFound, validationError } from '../../http/errors';
import { routeId } from '../../http/params';
import { validate } from '../../http/validate';
import { hashToken } from '../../identity/tokens';
import { escapeHtml } from '../../lib/mailer';
import type { Locale } from '../../../common/locales';
import { guestLocale } from '../../i18n/locale';
import { recipientLocale } from '../../i18n/recipients';
import { translate } from '../../i18n/translate';
import { requireReportPlan } from './policies';
import {
  createSubscription, describeQueries, findByTokenHash, findOwnSubscription, presentSubscription, removeSubscription,
  reportQueryOn, SUBSCRIPTION_NOT_FOUND, subscriptionsOf,
} from './subscriptions';
import { sendingZone } from './subscriptionSchedule';
import { todayIn } from '../../lib/zone';

/** Subscriptions a user may create per hour (on top of the 20 they may hold). */
export const SUBSCRIPTIONS_PER_HOUR = 10;

const QUERY_SCHEMAS: Record<ReportKind, z.ZodMiniType> = {
  interactions: interactionsReportQuerySchema,
  'coaching-cycles': cyclesReportQuerySchema,
  'teacher-level': teacherLevelQuerySchema,
  'coaching-team': coachingTeamQuerySchema,
  comparison: comparisonQuerySchema,
  walkthroughs: walkthroughsReportQuerySchema,
};

/** `see engagement` (403 without), as the reports themselves. */
function subscriber(req: Request): DistrictAuth {
  const auth = requireDistrict(req);
  if (!scopeOf(auth, PERMISSIONS.seeEngagement)) throw forbidden();
  return auth;
}

/** The view's query must be one the report accepts: a 422 on `query` naming what is wrong. */
function checkReportQuery(kind: ReportKind, query: string, today: string): void {
  const result = QUERY_SCHEMAS[kind].safeParse(reportQueryOn(query, today));
  if (result.success) return;
  const messages = result.error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
  throw validationError({ query: messages });
}

export function reportSubscriptionRoutes(deps: Deps): Router {
  const { db, config, limiter } = deps;
  const router = Router();

  router.get('/report-subscription', async (req, res) => {
    const auth = subscriber(req);
    const rows = await subscriptionsOf(db, auth.district.id, auth.user.id);
    const descriptions = await describeQueries(db, auth.district.id, rows.map((r) => r.query));
    res.json({ data: rows.map((row, i) => presentSubscription(row, descriptions[i] ?? '')) });
  });

  router.post('/report-subscription', async (req, res) => {
    requireDistrict(req);
    const input = validate(reportSubscriptionPayloadSchema, req.body);
    const auth = subscriber(req);
    requireReportPlan(auth, input.report);
    checkReportQuery(input.report, input.query, todayIn(auth.district.timezone));
    await limiter.hit(`report-subscription|${auth.user.id}`, SUBSCRIPTIONS_PER_HOUR, 60 * 60_000);
    const zone = sendingZone(auth.user.timezone, auth.district.timezone);
    const row = await createSubscription(db, districtActor(req), input, zone, config.sessionSecret);
    const [description] = await describeQueries(db, auth.district.id, [row.query]);
    res.status(201).json(presentSubscription(row, description ?? ''));
  });

  router.delete('/report-subscription/:id', async (req, res) => {
    const auth = subscriber(req);
    const id = routeId(req, 'id', SUBSCRIPTION_NOT_FOUND);
    const row = await findOwnSubscription(db, auth.district.id, auth.user.id, id);
    if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
    await removeSubscription(db, districtActor(req), row, 'removed');
    res.status(204).end();
  });

  return router;
}

/** The page in `locale` (issue 33): the subscriber's language, or a visitor's when the link no longer names one. */
function page(res: Response, locale: Locale, status: number, englishTitle: string, englishParagraphs: string[], appUrl: string): void {
  const title = translate(locale, englishTitle);
  const paragraphs = englishParagraphs.map((p) => translate(locale, p));
  res.status(status).type('html').send(`<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Coachwell</title></head>
<body><main>
<h1>${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(`${appUrl}/app`)}">${escapeHtml(translate(locale, 'Go to Coachwell'))}</a></p>
</main></body></html>`);
}

export function reportUnsubscribeRoutes(deps: Deps): Router {
  const { db, config, limiter } = deps;
  const router = Router();

  const unsubscribe = async (req: Request, res: Response) => {
    await limiter.hit(`report-unsubscribe|${req.ip ?? 'unknown'}`, 60);
    const token = String(req.params.token ?? '');
    const row = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await findByTokenHash(db, hashToken(token)) : undefined;
    if (!row) {
      page(res, guestLocale(req), 404, 'This link no longer works', [
        'You are already unsubscribed, or the link was copied incompletely.',
        'Signed in to Coachwell, you can see and remove your report emails under "Your subscriptions" on any report.',
      ], config.appUrl);
      return;
    }
    await removeSubscription(db, {
      districtId: row.district_id, userId: row.user_id, impersonatorId: null, ip: req.ip ?? null, userAgent: req.get('user-agent')?.slice(0, 300) ?? null,
    }, row, 'unsubscribed');
    const every = row.frequency === 'weekly' ? 'weekly' : 'monthly';
    const district = await db.selectFrom('districts').select(['id', 'settings']).where('id', '=', row.district_id).executeTakeFirstOrThrow();
    page(res, await recipientLocale(db, district, row.user_id), 200, 'You are unsubscribed', [
      `You will no longer get the ${every} ${REPORT_TITLES[row.report as ReportKind] ?? ''} report email.`,
      'Your other report emails, if any, are unchanged.',
    ], config.appUrl);
  };

  router.get('/report-subscription/unsubscribe/:token', unsubscribe);
  router.post('/report-subscription/unsubscribe/:token', unsubscribe);
  return router;
}
