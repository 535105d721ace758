// Calendar sync commands: turning the feed on (or a new address), its title choice, turning it off, and
// importing chosen calendar events. Each write runs in one transaction with its audit row.
import {
  CALENDAR_MESSAGES, type CalendarImportEvent, type CalendarImportInput, type CalendarImportResult, type CalendarTitleMode,
} from '../../../common/schemas/calendar';
import { lockDistrictWrites } from '../../../db/locks';
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import { conflict, type FieldErrors, validationError } from '../../http/errors';
import { newToken } from '../../identity/tokens';
import { type DistrictActor, recordAudit } from '../../lib/audit';
import { defaultSchoolOf } from '../../lib/defaultSchool';
import { activeTypeIds, findFeedOfUser, importedByKeys } from './queries';

/**
 * Turns the feed on, or replaces its address (the old one stops answering at once). Answers the new
 * token: only its hash is stored, so this is the one moment it can be shown.
 */
export function createFeedAddress(db: DB, actor: DistrictActor): Promise<{ token: string; regenerated: boolean }> {
  return db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): one feed a person, and an import's events matched to the ones already imported.
    await lockDistrictWrites(trx, actor.districtId);
    const { token, hash } = newToken();
    const now = nowIso();
    const existing = await findFeedOfUser(trx, actor.districtId, actor.userId);
    // A new address is a new row (its created_at says when the address was made); the title choice stays.
    if (existing) await trx.deleteFrom('calendar_feeds').where('id', '=', existing.id).where('district_id', '=', actor.districtId).execute();
    await trx.insertInto('calendar_feeds').values({
      district_id: actor.districtId, user_id: actor.userId, token_hash: hash, title_mode: existing?.title_mode ?? 'names',
      created_at: now, updated_at: now,
    }).execute();
    await recordAudit(trx, actor, {
      action: existing ? 'calendar_feed_regenerated' : 'calendar_feed_enabled', subjectType: 'user', subjectId: actor.userId,
    });
    return { token, regenerated: Boolean(existing) };
  });
}

export function setFeedTitleMode(db: DB, actor: DistrictActor, titleMode: CalendarTitleMode): Promise<void> {
  return db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): one feed a person, and an import's events matched to the ones already imported.
    await lockDistrictWrites(trx, actor.districtId);
    const feed = await findFeedOfUser(trx, actor.districtId, actor.userId);
    if (!feed) throw conflict(CALENDAR_MESSAGES.feedOff);
    if (feed.title_mode === titleMode) return;
    await trx.updateTable('calendar_feeds').set({ title_mode: titleMode, updated_at: nowIso() })
      .where('id', '=', feed.id).where('district_id', '=', actor.districtId).execute();
    await recordAudit(trx, actor, {
      action: 'calendar_feed_updated', subjectType: 'user', subjectId: actor.userId,
      details: { changes: { title_mode: { from: feed.title_mode, to: titleMode } } },
    });
  });
}

/** Turns the feed off: its address stops answering. Nothing to do when it is off already. */
export function disableFeed(db: DB, actor: DistrictActor): Promise<void> {
  return db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): one feed a person, and an import's events matched to the ones already imported.
    await lockDistrictWrites(trx, actor.districtId);
    const feed = await findFeedOfUser(trx, actor.districtId, actor.userId);
    if (!feed) return;
    await trx.deleteFrom('calendar_feeds').where('id', '=', feed.id).where('district_id', '=', actor.districtId).execute();
    await recordAudit(trx, actor, { action: 'calendar_feed_disabled', subjectType: 'user', subjectId: actor.userId });
  });
}

/**
 * Creates or updates (keyed by the event key, per user) the chosen events as the caller's interactions
 * or activities, all or nothing. An interaction is `completed` when it has started, else `scheduled`;
 * an update keeps a cancelled or no-show status the coach set. Notes: an interaction's shared notes stay
 * empty (a calendar event's description may hold anything); the event title goes to its private notes
 * (seen only by the coach) and to an activity's notes (the user's own), on creation only, so edits are
 * kept. An event already imported as the other kind moves: that record is deleted (soft) and this one
 * made. Changed records get their calendar SEQUENCE bumped.
 */
export function importEvents(db: DB, actor: DistrictActor, input: CalendarImportInput): Promise<CalendarImportResult> {
  return db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): one feed a person, and an import's events matched to the ones already imported.
    await lockDistrictWrites(trx, actor.districtId);
    const errors: FieldErrors = {};
    const seen = new Set<string>();
    input.events.forEach((e, i) => {
      if (seen.has(e.key)) errors[`events.${i}.key`] = [CALENDAR_MESSAGES.keyTwice];
      seen.add(e.key);
    });
    const wantedTypes = [...new Set(input.events.flatMap((e) => (e.as === 'interaction' ? [e.interaction_type_id] : [])))];
    const types = await activeTypeIds(trx, actor.districtId, wantedTypes);
    input.events.forEach((e, i) => {
      if (e.as === 'interaction' && !types.has(e.interaction_type_id)) errors[`events.${i}.interaction_type_id`] = [CALENDAR_MESSAGES.typeNotAvailable];
    });
    if (Object.keys(errors).length > 0) throw validationError(errors);

    const existing = await importedByKeys(trx, actor.districtId, actor.userId, input.events.map((e) => e.key));
    // A new interaction gets the default school (issue 26), as one logged without building_id does: an event
    // names no educators, so it is the coach's one school (none when they have several or none), whatever the day.
    const school = input.events.some((e) => e.as === 'interaction' && !existing.interactions.has(e.key))
      ? (await defaultSchoolOf(trx, actor.districtId, [], actor.userId, '')).building?.id ?? null
      : null;
    const now = nowIso();
    const result: CalendarImportResult = { created: 0, updated: 0, moved: 0, interactions: [], activities: [] };

    const removeOther = async (event: CalendarImportEvent) => {
      if (event.as === 'interaction') {
        const other = existing.activities.get(event.key);
        if (!other || other.deleted) return false;
        await trx.updateTable('activities').set({ deleted_at: now, updated_at: now, sequence: (eb) => eb('sequence', '+', 1) })
          .where('id', '=', other.id).where('district_id', '=', actor.districtId).execute();
      } else {
        const other = existing.interactions.get(event.key);
        if (!other || other.deleted) return false;
        await trx.updateTable('interactions').set({ deleted_at: now, updated_at: now, updated_by: actor.userId, sequence: (eb) => eb('sequence', '+', 1) })
          .where('id', '=', other.id).where('district_id', '=', actor.districtId).execute();
      }
      return true;
    };

    for (const event of input.events) {
      const moved = await removeOther(event);
      if (moved) result.moved += 1;
      if (event.as === 'interaction') {
        const started = Date.parse(event.starts_at) <= Date.now();
        const before = existing.interactions.get(event.key);
        if (!before) {
          const { id } = await trx.insertInto('interactions').values({
            district_id: actor.districtId, interaction_type_id: event.interaction_type_id, coach_id: actor.userId,
            starts_at: event.starts_at, duration_minutes: event.duration_minutes, status: started ? 'completed' : 'scheduled',
            building_id: school, notes: null, next_steps: null,
            private_notes: event.summary ? `From your calendar: ${event.summary}` : null,
            sequence: 0, import_uid: event.key, created_by: actor.userId, updated_by: actor.userId,
            created_at: now, updated_at: now, deleted_at: null,
          }).returning('id').executeTakeFirstOrThrow();
          result.interactions.push(id);
          if (!moved) result.created += 1;
          continue;
        }
        const keepStatus = before.status === 'cancelled' || before.status === 'no-show';
        const status: typeof before.status = keepStatus ? before.status : started ? 'completed' : 'scheduled';
        const changed = before.deleted || before.interaction_type_id !== event.interaction_type_id || before.starts_at !== event.starts_at
          || before.duration_minutes !== event.duration_minutes || before.status !== status;
        if (changed) {
          await trx.updateTable('interactions').set({
            interaction_type_id: event.interaction_type_id, starts_at: event.starts_at, duration_minutes: event.duration_minutes,
            status, deleted_at: null, updated_by: actor.userId, updated_at: now, sequence: (eb) => eb('sequence', '+', 1),
          }).where('id', '=', before.id).where('district_id', '=', actor.districtId).execute();
        }
        result.interactions.push(before.id);
        if (!moved) result.updated += 1;
      } else {
        const before = existing.activities.get(event.key);
        if (!before) {
          const { id } = await trx.insertInto('activities').values({
            district_id: actor.districtId, user_id: actor.userId, category: event.category, starts_at: event.starts_at,
            minutes: event.duration_minutes, notes: event.summary || null, sequence: 0, import_uid: event.key,
            created_at: now, updated_at: now, deleted_at: null,
          }).returning('id').executeTakeFirstOrThrow();
          result.activities.push(id);
          if (!moved) result.created += 1;
          continue;
        }
        const changed = before.deleted || before.category !== event.category || before.starts_at !== event.starts_at || before.minutes !== event.duration_minutes;
        if (changed) {
          await trx.updateTable('activities').set({
            category: event.category, starts_at: event.starts_at, minutes: event.duration_minutes, deleted_at: null,
            updated_at: now, sequence: (eb) => eb('sequence', '+', 1),
          }).where('id', '=', before.id).where('district_id', '=', actor.districtId).execute();
        }
        result.activities.push(before.id);
        if (!moved) result.updated += 1;
      }
    }

    await recordAudit(trx, actor, {
      action: 'calendar_imported', subjectType: 'user', subjectId: actor.userId,
      details: {
        created: result.created, updated: result.updated, moved: result.moved,
        interactions: result.interactions, activities: result.activities,
      },
    });
    return result;
  });
}
