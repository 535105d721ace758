// "Contact support" (issue 26): POST /api/support-request, from the Support screens.
import { Router } from 'express';
import { supportRequestSchema, type SupportRequestAnswer } from '../../../common/schemas/support';
import type { Deps } from '../../deps';
import { validate } from '../../http/validate';
import { requestLocale } from '../../i18n/locale';
import { translate } from '../../i18n/translate';
import { supportWriter } from './policies';
import { sendSupportRequest } from './service';

export function supportRoutes(deps: Deps): Router {
  const router = Router();

  router.post('/support-request', async (req, res) => {
    const writer = supportWriter(req);
    const input = validate(supportRequestSchema, req.body);
    const sentTo = await sendSupportRequest(deps, writer, input);
    const answer: SupportRequestAnswer = {
      // In the writer's language (common/i18n/es/support.json).
      message: translate(requestLocale(req), `Thanks, your message is on its way to Coachwell support. The answer will come by email to ${writer.auth.user.email}.`),
      sent_to: sentTo,
      reply_to: writer.auth.user.email,
    };
    res.status(201).json(answer);
  });

  return router;
}
