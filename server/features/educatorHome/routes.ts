// GET /api/me/home: the educator's home (issue 29 item 1). validate → authorize → call → present (home.ts
// builds the answer from whitelisted columns). Kept per reader while nothing in the district changes
// (lib/keptAnswers.ts), for at most an hour and never past the next session's start.
import { Router } from 'express';
import type { Deps } from '../../deps';
import { sendJson } from '../../http/respond';
import { readerKey } from '../../identity/context';
import { keptAnswer } from '../../lib/keptAnswers';
import { educatorHome } from './home';
import { educatorHomeReader } from './policies';

export function educatorHomeRoutes({ db }: Deps): Router {
  const router = Router();

  router.get('/me/home', async (req, res) => {
    const auth = educatorHomeReader(req);
    sendJson(res, await keptAnswer(db, auth.district.id, readerKey(auth), ['me/home', auth.user.timezone], () => educatorHome(db, auth)));
  });

  return router;
}
