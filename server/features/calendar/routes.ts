// Calendar sync (issue 9): the personal subscription feed GET /api/calendar/{token}.ics (no cookie, no
// CSRF: the token in the address is the credential), its management (/api/calendar-feed) and the .ics
// import (/api/calendar-import/preview, /api/calendar-import).
import { createHash } from 'node:crypto';
import { Router, type Response } from 'express';
import { calendarFeedSettingsSchema, calendarImportSchema, calendarPreviewQuerySchema } from '../../../common/schemas/calendar';
import type { Deps } from '../../deps';
import { addDays } from '../../lib/dates';
import { validationError } from '../../http/errors';
import { clientKey } from '../../http/rateLimit';
import { validate } from '../../http/validate';
import { hashToken } from '../../identity/tokens';
import { grantsOf } from '../../identity/users';
import { buildFeed, FEED_REFRESH_SECONDS } from './feed';
import { CalendarFileError, zonedDayStart } from './importParser';
import { readCalendarFile } from './importReader';
import { calendarAddressMaker, calendarUser, feedStillAnswers } from './policies';
import { presentFeedStatus, presentPreview } from './presenter';
import { activeTypes, feedActivities, feedInteractions, feedParticipants, findFeedByHash, findFeedOfUser, importedByKeys } from './queries';
import { createFeedAddress, disableFeed, importEvents, setFeedTitleMode } from './service';

/** The feed holds events from this many days back onwards. */
export const FEED_DAYS_BACK = 90;
/** At most this many interactions and this many activities in one feed (the earliest first). */
const FEED_EVENTS_MAX = 5000;
/** New addresses per user per hour (each one breaks every subscription of the old address). */
const REGENERATE_PER_HOUR = 10;
const FEED_FETCHES_PER_MINUTE = 120;
const PREVIEWS_PER_MINUTE = 30;

const FEED_NOT_FOUND = 'This calendar feed does not exist or was turned off. Copy the current address from Coachwell.\n';
const TOKEN_FILE = /^([A-Za-z0-9_-]{20,100})\.ics$/;

function feedNotFound(res: Response): void {
  res.removeHeader('Set-Cookie');
  res.status(404).set('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(FEED_NOT_FOUND);
}

export function calendarRoutes(deps: Deps): Router {
  const { db, config, limiter } = deps;
  const router = Router();
  const feedUrl = (token: string) => `${config.appUrl}/api/calendar/${token}.ics`;
  const uidHost = (() => {
    try {
      return new URL(config.appUrl).hostname || 'coachwell';
    } catch {
      return 'coachwell';
    }
  })();

  router.get('/calendar/:file', async (req, res) => {
    await limiter.hit(clientKey(req, 'calendar-feed'), FEED_FETCHES_PER_MINUTE);
    const token = TOKEN_FILE.exec(String(req.params.file))?.[1];
    if (!token) return feedNotFound(res);
    const owner = await findFeedByHash(db, hashToken(token));
    if (!owner || !feedStillAnswers(owner, (await grantsOf(db, owner.user_id, owner.district_id)).permissions)) return feedNotFound(res);

    const since = new Date(Date.now() - FEED_DAYS_BACK * 86_400_000).toISOString();
    const interactions = await feedInteractions(db, owner.district_id, owner.user_id, since, FEED_EVENTS_MAX);
    const participants = owner.title_mode === 'names'
      ? await feedParticipants(db, owner.district_id, interactions.map((i) => i.id))
      : { groups: new Map(), people: new Map() };
    const activities = await feedActivities(db, owner.district_id, owner.user_id, since, FEED_EVENTS_MAX);
    const body = buildFeed({
      ownerName: owner.user_name, titleMode: owner.title_mode === 'type' ? 'type' : 'names', uidHost, appUrl: config.appUrl,
      interactions, participants, activities,
    });

    // Subscription clients poll: a short private cache and an ETag to answer "nothing changed" cheaply.
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    res.removeHeader('Set-Cookie');
    res.set({
      'Cache-Control': `private, max-age=${Math.min(900, FEED_REFRESH_SECONDS)}`,
      ETag: etag,
      'Content-Disposition': 'inline; filename="coachwell.ics"',
      'X-Robots-Tag': 'noindex, nofollow',
    });
    if (req.get('if-none-match')?.split(',').map((t) => t.trim().replace(/^W\//, '')).includes(etag)) {
      res.status(304).end();
      return;
    }
    res.type('text/calendar; charset=utf-8').send(body);
  });

  router.get('/calendar-feed', async (req, res) => {
    const { actor } = calendarUser(req);
    res.json(presentFeedStatus(await findFeedOfUser(db, actor.districtId, actor.userId)));
  });

  router.post('/calendar-feed', async (req, res) => {
    const { actor } = calendarAddressMaker(req);
    await limiter.hit(`calendar-feed-address|${actor.userId}`, REGENERATE_PER_HOUR, 60 * 60_000);
    const { token, regenerated } = await createFeedAddress(db, actor);
    res.status(regenerated ? 200 : 201).json(presentFeedStatus(await findFeedOfUser(db, actor.districtId, actor.userId), feedUrl(token)));
  });

  router.put('/calendar-feed', async (req, res) => {
    const { actor } = calendarUser(req);
    const input = validate(calendarFeedSettingsSchema, req.body);
    await setFeedTitleMode(db, actor, input.title_mode);
    res.json(presentFeedStatus(await findFeedOfUser(db, actor.districtId, actor.userId)));
  });

  router.delete('/calendar-feed', async (req, res) => {
    const { actor } = calendarUser(req);
    await disableFeed(db, actor);
    res.status(204).end();
  });

  router.post('/calendar-import/preview', async (req, res) => {
    const { auth, actor } = calendarUser(req);
    await limiter.hit(`calendar-preview|${actor.userId}`, PREVIEWS_PER_MINUTE);
    const range = validate(calendarPreviewQuerySchema, req.query);
    const text = typeof req.body === 'string' ? req.body : '';
    const zone = auth.user.timezone || auth.district.timezone;
    const toExclusive = addDays(range.to, 1);
    let parsed;
    try {
      parsed = await readCalendarFile(text, zonedDayStart(range.from, zone), zonedDayStart(toExclusive, zone), zone);
    } catch (err) {
      if (err instanceof CalendarFileError) throw validationError({ file: [err.message] });
      throw err;
    }
    const existing = await importedByKeys(db, actor.districtId, actor.userId, parsed.events.map((e) => e.key));
    res.json(presentPreview(range, parsed.calendarName, parsed.events, (key) => {
      const interaction = existing.interactions.get(key);
      if (interaction && !interaction.deleted) return { kind: 'interaction', id: interaction.id };
      const activity = existing.activities.get(key);
      if (activity && !activity.deleted) return { kind: 'activity', id: activity.id };
      return null;
    }, await activeTypes(db, actor.districtId)));
  });

  router.post('/calendar-import', async (req, res) => {
    const { actor } = calendarUser(req);
    const input = validate(calendarImportSchema, req.body);
    res.json(await importEvents(db, actor, input));
  });

  return router;
}
