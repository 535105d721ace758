// The new district's setup checklist (issue 26): GET /api/setup-checklist (its items, ticked off from the
// district's rows and stored reviews), POST /api/setup-checklist/{item}/review (an administrator confirms
// they reviewed the interaction types or the framework), POST /api/setup-checklist/dismiss (hidden for the
// district; audited). validate → authorize → call → present.
import { Router } from 'express';
import { SETUP_MESSAGES, SETUP_REVIEW_ITEMS, type SetupReviewItem } from '../../../common/schemas/setup';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { checklistManager, checklistReader } from './policies';
import { presentChecklist, setupItemsOf } from './presenter';
import { requestLocale } from '../../i18n/locale';
import { setupFacts } from './queries';
import { dismissChecklist, markReviewed } from './service';

export function setupRoutes({ db }: Deps): Router {
  const router = Router();

  router.get('/setup-checklist', async (req, res) => {
    const auth = checklistReader(req);
    res.json(presentChecklist(auth.features, await setupFacts(db, auth.district.id), requestLocale(req)));
  });

  router.post('/setup-checklist/:item/review', async (req, res) => {
    const { auth, actor } = checklistManager(req);
    const item = String(req.params.item) as SetupReviewItem;
    // An item the district's plan does not have (the framework without skill mapping) is as unknown as a typo.
    if (!SETUP_REVIEW_ITEMS.includes(item) || !setupItemsOf(auth.features).includes(item)) throw notFound(SETUP_MESSAGES.itemNotFound);
    await markReviewed(db, actor, item);
    res.json(presentChecklist(auth.features, await setupFacts(db, auth.district.id), requestLocale(req)));
  });

  router.post('/setup-checklist/dismiss', async (req, res) => {
    const { auth, actor } = checklistManager(req);
    await dismissChecklist(db, actor);
    res.json(presentChecklist(auth.features, await setupFacts(db, auth.district.id), requestLocale(req)));
  });

  return router;
}
