// The district's sign-in connections (issue 30): GET/POST /api/district/sso, PUT/DELETE /api/district/sso/{id},
// POST /api/district/sso/{id}/test ("Test connection"), and provider staff's view of a district's connections
// (GET /api/admin/district/{id}/sso, POST /api/admin/district/{id}/sso/{connectionId}/test). Thin handlers:
// authorize → validate → call → present. No answer ever holds the client secret.
import { type Request, Router } from 'express';
import { SSO_MESSAGES, ssoConnectionChangeSchema, ssoConnectionSchema } from '../../../common/schemas/sso';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { routeId } from '../../http/params';
import { hitWithMessage } from '../../http/rateLimit';
import { validate } from '../../http/validate';
import type { Actor } from '../../lib/audit';
import { secretBoxFor } from '../../lib/secretBox';
import { checkConnection, type ConnectionCheck } from './connectionsCheck';
import { ssoManager, ssoProviderReader, ssoReader } from './connectionsPolicies';
import { presentConnection } from './connectionsPresenter';
import { findConnection, listConnections, type SsoConnectionRow } from './connectionsQueries';
import { createConnection, deleteConnection, recordTest, updateConnection } from './connectionsService';

/** "Test connection" calls another server: at most this many a district in ten minutes. */
export const SSO_TESTS_PER_10_MINUTES = 20;
export const SSO_TOO_MANY_TESTS = 'Too many connection tests in a short time. Wait a few minutes, then test again.';

const DISTRICT_NOT_FOUND = 'We could not find that district.';

export function ssoConnectionRoutes(deps: Deps): Router {
  const { db, config } = deps;
  const router = Router();
  const box = () => secretBoxFor(config);
  const rules = () => ({ box: box(), allowHttp: config.sso.allowHttp });
  const present = (row: SsoConnectionRow) => presentConnection(row, config.appUrl);

  async function requireConnection(districtId: number, req: Request, param = 'id'): Promise<SsoConnectionRow> {
    const row = await findConnection(db, districtId, routeId(req, param, SSO_MESSAGES.notFound));
    if (!row) throw notFound(SSO_MESSAGES.notFound);
    return row;
  }

  /** Runs the check on a stored connection, keeps its result and answers the connection as it is now. */
  async function test(actor: Actor, districtId: number, row: SsoConnectionRow) {
    await hitWithMessage(deps.limiter, `sso-test|district|${districtId}`, SSO_TESTS_PER_10_MINUTES, 10 * 60_000, SSO_TOO_MANY_TESTS);
    let result: ConnectionCheck;
    try {
      const secret = box().open(row.client_secret_sealed);
      result = await checkConnection({ issuer: row.issuer, clientId: row.client_id, clientSecret: secret, allowHttp: config.sso.allowHttp, fetch: deps.ssoFetch });
    } catch (error) {
      // The secret box's own refusals (no key, sealed with another key) say what to do; nothing else is expected here.
      result = { ok: false, message: error instanceof Error ? error.message : 'The connection could not be tested.' };
    }
    await recordTest(db, actor, districtId, row.id, result);
    return present((await findConnection(db, districtId, row.id))!);
  }

  router.get('/district/sso', async (req, res) => {
    const actor = ssoReader(req);
    res.json({ data: (await listConnections(db, actor.districtId)).map(present) });
  });

  router.post('/district/sso', async (req, res) => {
    const actor = ssoManager(req);
    const input = validate(ssoConnectionSchema, req.body);
    const id = await createConnection(db, actor, rules(), input);
    res.status(201).json(present((await findConnection(db, actor.districtId, id))!));
  });

  router.put('/district/sso/:id', async (req, res) => {
    const actor = ssoManager(req);
    const row = await requireConnection(actor.districtId, req);
    const input = validate(ssoConnectionChangeSchema, req.body);
    await updateConnection(db, actor, rules(), row.id, input);
    res.json(present((await findConnection(db, actor.districtId, row.id))!));
  });

  router.delete('/district/sso/:id', async (req, res) => {
    const actor = ssoManager(req);
    const row = await requireConnection(actor.districtId, req);
    await deleteConnection(db, actor, row.id);
    res.status(204).end();
  });

  router.post('/district/sso/:id/test', async (req, res) => {
    const actor = ssoReader(req);
    const row = await requireConnection(actor.districtId, req);
    res.json(await test(actor, actor.districtId, row));
  });

  async function requireDistrictId(req: Request): Promise<number> {
    const id = routeId(req, 'id', DISTRICT_NOT_FOUND);
    const row = await db.selectFrom('districts').select('id').where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(DISTRICT_NOT_FOUND);
    return row.id;
  }

  router.get('/admin/district/:id/sso', async (req, res) => {
    ssoProviderReader(req);
    const districtId = await requireDistrictId(req);
    res.json({ data: (await listConnections(db, districtId)).map(present) });
  });

  router.post('/admin/district/:id/sso/:connectionId/test', async (req, res) => {
    const { actor } = ssoProviderReader(req);
    const districtId = await requireDistrictId(req);
    const row = await requireConnection(districtId, req, 'connectionId');
    res.json(await test(actor, districtId, row));
  });

  return router;
}
