import { Router } from 'express';
import type { MessageAnswer } from '../../../common/schemas/answers/messages';
import { clientErrorSchema } from '../../../common/schemas/clientErrors';
import { nowIso } from '../../../db/connection';
import type { Deps } from '../../deps';
import { clientKey } from '../../http/rateLimit';
import { validate } from '../../http/validate';

/** The error boundary's fallback reporter when Sentry is not configured: size and rate limited. */
export function clientErrorRoutes({ db, limiter }: Deps): Router {
  const router = Router();
  router.post('/client-error', async (req, res) => {
    await limiter.hit(clientKey(req, 'client-error'), 20);
    const input = validate(clientErrorSchema, req.body);
    await db.insertInto('client_errors').values({
      user_id: req.auth?.user.id ?? null,
      district_id: req.auth?.user.district_id ?? null,
      message: input.message,
      stack: input.stack ?? null,
      url: input.url ?? null,
      user_agent: req.get('user-agent')?.slice(0, 300) ?? null,
      at: nowIso(),
    }).execute();
    res.status(201).json({ message: 'Thanks, the error was reported.' } satisfies MessageAnswer);
  });
  return router;
}
