import { Router } from 'express';
import { sql } from 'kysely';
import type { Deps } from '../../deps';

export function healthRoutes({ db }: Deps): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    try {
      await sql`select 1`.execute(db);
      res.json({ status: 'ok' });
    } catch {
      res.status(503).json({ status: 'unavailable', message: 'The database is not reachable.' });
    }
  });
  return router;
}
