// Asking for coaching (issue 29, item 4): /api/coaching-request. Thin handlers: validate → authorize → call → present.
import { Router } from 'express';
import {
  acceptCoachingRequestSchema, COACHING_REQUEST_MESSAGES as M, coachingRequestListQuerySchema, coachingRequestSchema, passCoachingRequestSchema,
} from '../../../common/schemas/coachingRequests';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { pageMeta, parsePage } from '../../http/pagination';
import { routeId } from '../../http/params';
import { validate } from '../../http/validate';
import { requestReader, requireAsker, type RequestReader } from './policies';
import { presentRequest } from './presenter';
import { findReadable, holdersOf, listReadable, type RequestRow } from './queries';
import { acceptRequest, askForCoaching, passRequest, withdrawRequest } from './service';

export function coachingRequestRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  async function presentAll(reader: RequestReader, rows: RequestRow[]) {
    const holders = await holdersOf(db, reader.auth.district.id, rows.map((r) => r.id));
    return rows.map((row) => presentRequest(reader, row, holders.filter((h) => h.request_id === row.id)));
  }

  /** The request the reader reaches, else 404 (missing, another district's, or out of reach). */
  async function readable(reader: RequestReader, id: number) {
    const row = await findReadable(db, reader, id);
    if (!row) throw notFound(M.notFound);
    return row;
  }

  async function answerOne(reader: RequestReader, id: number) {
    return (await presentAll(reader, [await readable(reader, id)]))[0];
  }

  router.get('/coaching-request', async (req, res) => {
    const reader = await requestReader(db, req);
    const { filter } = validate(coachingRequestListQuerySchema, { filter: req.query.filter });
    const { page, perPage, offset } = parsePage(req.query);
    const { rows, total } = await listReadable(db, reader, { statuses: filter.status, queue: filter.queue.length > 0, offset, limit: perPage });
    res.json({ data: await presentAll(reader, rows), meta: pageMeta(page, perPage, total) });
  });

  router.post('/coaching-request', async (req, res) => {
    const reader = await requestReader(db, req);
    const input = validate(coachingRequestSchema, req.body);
    const staffId = requireAsker(reader);
    const id = await askForCoaching(deps, reader, staffId, input);
    res.status(201).json(await answerOne(reader, id));
  });

  router.get('/coaching-request/:id', async (req, res) => {
    const reader = await requestReader(db, req);
    res.json(await answerOne(reader, routeId(req, 'id', M.notFound)));
  });

  router.post('/coaching-request/:id/accept', async (req, res) => {
    const reader = await requestReader(db, req);
    const input = validate(acceptCoachingRequestSchema, req.body);
    const id = routeId(req, 'id', M.notFound);
    await readable(reader, id);
    await acceptRequest(deps, reader, id, input);
    res.json(await answerOne(reader, id));
  });

  router.post('/coaching-request/:id/pass', async (req, res) => {
    const reader = await requestReader(db, req);
    const input = validate(passCoachingRequestSchema, req.body);
    const id = routeId(req, 'id', M.notFound);
    await readable(reader, id);
    await passRequest(deps, reader, id, input);
    res.json(await answerOne(reader, id));
  });

  router.post('/coaching-request/:id/withdraw', async (req, res) => {
    const reader = await requestReader(db, req);
    const id = routeId(req, 'id', M.notFound);
    await readable(reader, id);
    await withdrawRequest(deps, reader, id);
    res.json(await answerOne(reader, id));
  });

  return router;
}
