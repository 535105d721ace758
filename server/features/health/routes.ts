import { Router } from 'express';
import type { HealthAnswer } from '../../../common/schemas/answers/messages';
import type { Deps } from '../../deps';
import { pendingMigrations, pingDatabase } from './queries';
import { plural } from '../../../common/plural';

const UNREACHABLE = { status: 'unavailable', message: 'The database is not reachable.' } as const;

/**
 * Liveness and readiness for load balancers and orchestrators (docs/operations/health.md). Both
 * read no body, cookie or session: app.ts mounts them before the session layer.
 * - GET /api/health: the process runs and its database answers.
 * - GET /api/health/ready: that, and every migration this build knows is applied, so the process can
 *   answer any request. A process that starts migrates before it listens; this matters to the other
 *   processes of a deployment while one of them migrates, and to a database restored from an older backup.
 */
export function healthRoutes({ db }: Deps): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    try {
      await pingDatabase(db);
      res.json({ status: 'ok' } satisfies HealthAnswer);
    } catch {
      res.status(503).json(UNREACHABLE);
    }
  });
  router.get('/health/ready', async (_req, res) => {
    try {
      await pingDatabase(db);
    } catch {
      res.status(503).json(UNREACHABLE);
      return;
    }
    const pending = (await pendingMigrations(db)).length;
    if (pending > 0) {
      res.status(503).json({
        status: 'migrating',
        message: `${plural(pending, 'database migration is', 'database migrations are')} not applied yet.`,
      });
      return;
    }
    res.json({ status: 'ready' } satisfies HealthAnswer);
  });
  return router;
}
