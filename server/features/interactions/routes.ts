// Interactions (issue 9) and activities ("Log time"): list with filters and totals, read, log, edit,
// complete, cancel, duplicate, delete (soft). Thin handlers: authorize (policies) → validate → call
// (service) → present. Scope and privacy rules: policies.ts and presenter.ts.
import { Router } from 'express';
import {
  ACTIVITY_MESSAGES, activityListQuerySchema, activityPayloadSchema, defaultSchoolQuerySchema, duplicateInteractionSchema, INTERACTION_MESSAGES,
  interactionCreateSchema, interactionListQuerySchema, type InteractionListQuery, interactionUpdateSchema,
} from '../../../common/schemas/interactions';
import { districtSettingsOf } from '../../../common/schemas/site';
import { nowIso } from '../../../db/connection';
import { visibleStaffIds } from '../../access/staffScope';
import type { Deps } from '../../deps';
import { forbidden, notFound, validationError } from '../../http/errors';
import { dateRangePerPage, pageMeta, parsePage } from '../../http/pagination';
import { routeId } from '../../http/params';
import { sendJson } from '../../http/respond';
import { validate } from '../../http/validate';
import { readerKey } from '../../identity/context';
import {
  activityReader, canEditActivity, canEditInteraction, interactionReader, interactionSight, interactionWriter, type Reader,
  requireEditableInteraction,
} from './policies';
import { presentActivity, presentDefaultSchool, presentInteraction, presentTotals, type Viewer } from './presenter';
import {
  activityTotalsByCategory, type ActivityFilters, districtSettingsJson, filteredActivities, filteredInteractions,
  findVisibleActivity, findVisibleInteraction, type InteractionFilters, type InteractionRow, interactionTotalsByType,
  listActivitiesPage, listInteractionsPage, narrowsBeyondPeople, relatedOf, userNames,
} from './queries';
import {
  createActivity, createInteraction, defaultSchoolFor, deleteActivity, deleteInteraction, duplicateInteraction, setInteractionStatus,
  updateActivity, updateInteraction,
} from './service';
import { today } from '../../lib/dates';
import { keptAnswer } from '../../lib/keptAnswers';
import { recordRead } from '../../lib/readLog';
import { todayIn } from '../../lib/zone';
import { endOfLocalDay, startOfLocalDay } from '../../lib/zone';

export const ACTIVITY_NOT_YOURS = 'You can change only your own time.';

/** filter[from] and filter[to] (days of filter[timezone], else the district's) as instants; 422 when to is before from. */
function dateRange(from: string | null, to: string | null, timeZone: string): { from: string | null; to: string | null } {
  if (from && to && to < from) throw validationError({ 'filter.to': ['To must be on or after From.'] });
  return { from: from ? startOfLocalDay(from, timeZone) : null, to: to ? endOfLocalDay(to, timeZone) : null };
}

/** When the first scheduled interaction of `rows` still running at `now` ends (Infinity: none). */
function nextScheduledEnd(rows: InteractionRow[], now: number): number {
  let next = Infinity;
  for (const row of rows) {
    if (row.status !== 'scheduled') continue;
    const end = Date.parse(row.starts_at) + row.duration_minutes * 60_000;
    if (end > now && end < next) next = end;
  }
  return next;
}

export function interactionRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  /** How this reader sees rows: privacy setting, whose names they may read, what they may change. */
  async function viewerFor(reader: Reader, rows: InteractionRow[], participantIds: number[]): Promise<Viewer> {
    const settings = districtSettingsOf(await districtSettingsJson(db, reader.auth.district.id));
    let nameable: Set<number> | null = null;
    // Every participant of the reader's own interactions is named anyway (a coach's agenda): no lookup.
    const userId = reader.auth.user.id;
    const allOwn = reader.logs && rows.every((r) => r.coach_id === userId || r.created_by === userId);
    if (reader.visibility.kind !== 'district' && !allOwn) {
      nameable = reader.staffScope ? await visibleStaffIds(db, reader.staffScope, [...new Set(participantIds)]) : new Set();
    }
    const onlooker = { userId, sharedNotesVisible: settings.shared_notes_visible_to_admins };
    return {
      userId,
      sight: (row, participantUserIds) => interactionSight(onlooker, row, participantUserIds),
      nameableStaff: nameable,
      canEdit: (row) => canEditInteraction(reader, row),
      now: nowIso(),
    };
  }

  async function present(reader: Reader, rows: InteractionRow[]) {
    const related = await relatedOf(db, reader.auth.district.id, rows);
    const viewer = await viewerFor(reader, rows, related.participants.map((p) => p.staff_id));
    return rows.map((row) => presentInteraction(row, related, viewer));
  }

  /** The interaction if the reader may see it (not deleted); else 404, also for another district's. */
  async function visibleRow(reader: Reader, id: number): Promise<InteractionRow> {
    const row = await findVisibleInteraction(db, reader.visibility, id);
    if (!row) throw notFound(INTERACTION_MESSAGES.notFound);
    return row;
  }

  async function answerOne(reader: Reader, id: number) {
    const [one] = await present(reader, [await visibleRow(reader, id)]);
    return one;
  }

  async function filtersOf(reader: Reader, filter: InteractionListQuery['filter']): Promise<InteractionFilters> {
    const range = dateRange(filter.from, filter.to, filter.timezone ?? reader.auth.district.timezone);
    let staffIds = filter.staff_id;
    // An educator filtering by educators: only their own staff rows count (a filter never reaches past
    // the scope, security finding 6), so another educator's id matches nothing.
    if (reader.visibility.kind === 'participant' && staffIds.length) {
      const own = reader.staffScope ? await visibleStaffIds(db, reader.staffScope, staffIds) : new Set<number>();
      staffIds = own.size ? [...own] : [-1];
    }
    return {
      ...range, coachIds: filter.coach_id, typeIds: filter.interaction_type_id, statuses: filter.status, staffIds,
      groupIds: filter.group_id, buildingIds: filter.building_id, gradeLevels: filter.grade_level, subjects: filter.subject,
      needsCompleting: filter.needs_completing, now: nowIso(),
    };
  }

  router.get('/interaction', async (req, res) => {
    const reader = interactionReader(req);
    const query = validate(interactionListQuerySchema, req.query);
    // Up to 1000 a page for a range of at most 7 days (a screen's whole week), else 100.
    const page = parsePage(req.query, 25, dateRangePerPage(query.filter.from, query.filter.to));
    // The same page for the same reader is kept while nothing in the district changes (lib/keptAnswers.ts),
    // within the day: a principal's or coach's scope is the educators at their schools or in their caseload today.
    // A list of one educator's interactions is a read of them (the read log, lib/readLog.ts): written when the page
    // is computed with rows, so the district's day joins the key (a kept page is never a new day's first read).
    const oneEducator = query.filter.staff_id.length === 1 && reader.visibility.kind !== 'participant';
    const readDay = oneEducator ? todayIn(reader.auth.district.timezone) : null;
    sendJson(res, await keptAnswer(db, reader.auth.district.id, readerKey(reader.auth), ['interaction', query, page, today(), readDay], async () => {
      const filters = await filtersOf(reader, query.filter);
      // Activities join the totals when the filter names only dates and coaches (activities have no
      // type, status, educator, group or school): the same users' time over the same range.
      const withActivities = reader.logs && !narrowsBeyondPeople(filters);
      const activityFilters: ActivityFilters = { from: filters.from, to: filters.to, userIds: filters.coachIds, categories: [] };
      const [{ rows, total }, byType, byCategory] = await Promise.all([
        listInteractionsPage(db, reader.visibility, filters, query.sort, page),
        interactionTotalsByType(db, filteredInteractions(db, reader.visibility, filters)),
        withActivities ? activityTotalsByCategory(filteredActivities(db, reader.visibility, activityFilters)) : Promise.resolve([]),
      ]);
      if (oneEducator && rows.length) await recordRead(db, req, filters.staffIds, 'interaction');
      const answer = {
        data: await present(reader, rows),
        meta: { ...pageMeta(page.page, page.perPage, total), totals: presentTotals(byType, byCategory) },
      };
      // "Needs completing" moves with the clock: a page is kept until its next scheduled interaction ends,
      // and the needs-completing filter's answer (which rows it holds moves too) is not kept.
      return { answer, validUntil: filters.needsCompleting ? 0 : nextScheduledEnd(rows, Date.parse(filters.now)) };
    }));
  });

  // Before /interaction/:id. Not kept: the log form asks as its participants change.
  router.get('/interaction/default-school', async (req, res) => {
    const writer = interactionWriter(req);
    const query = validate(defaultSchoolQuerySchema, req.query);
    res.json(presentDefaultSchool(await defaultSchoolFor(db, writer, query)));
  });

  router.get('/interaction/:id', async (req, res) => {
    const reader = interactionReader(req);
    const one = await answerOne(reader, routeId(req, 'id', INTERACTION_MESSAGES.notFound));
    // The read log: the participants the reader sees named; an educator reading a session they took part in logs nothing.
    if (reader.visibility.kind !== 'participant') await recordRead(db, req, one!.participants.map((p) => p.id), 'interaction');
    res.json(one);
  });

  router.post('/interaction', async (req, res) => {
    const writer = interactionWriter(req);
    const input = validate(interactionCreateSchema, req.body);
    // A repeat of a client id the caller already used answers the interaction made then (issue 31): 200, not 201.
    const made = await createInteraction(db, writer, input);
    const id = made.created ? made.value : made.id;
    res.status(made.created ? 201 : 200).json(await answerOne(writer, id));
  });

  /** 404 unless visible, then 403 unless the caller may change it. */
  async function editable(req: Parameters<typeof interactionWriter>[0]) {
    const writer = interactionWriter(req);
    const id = routeId(req, 'id', INTERACTION_MESSAGES.notFound);
    const row = await visibleRow(writer, id);
    requireEditableInteraction(writer, row);
    return { writer, id, row };
  }

  router.put('/interaction/:id', async (req, res) => {
    const { writer, id } = await editable(req);
    const input = validate(interactionUpdateSchema, req.body);
    await updateInteraction(db, writer, id, input);
    res.json(await answerOne(writer, id));
  });

  router.delete('/interaction/:id', async (req, res) => {
    const { writer, id } = await editable(req);
    const row = await deleteInteraction(db, writer, id);
    const [one] = await present(writer, [row]);
    res.json(one);
  });

  for (const [action, status] of [['complete', 'completed'], ['cancel', 'cancelled']] as const) {
    router.post(`/interaction/:id/${action}`, async (req, res) => {
      const { writer, id } = await editable(req);
      await setInteractionStatus(db, writer, id, status);
      res.json(await answerOne(writer, id));
    });
  }

  router.post('/interaction/:id/duplicate', async (req, res) => {
    const { writer, id } = await editable(req);
    const input = validate(duplicateInteractionSchema, req.body);
    const copyId = await duplicateInteraction(db, writer, id, input.starts_at);
    res.status(201).json(await answerOne(writer, copyId));
  });

  // ---- Activities ----------------------------------------------------------------------------------

  async function presentActivities(reader: Reader, rows: Awaited<ReturnType<typeof findVisibleActivity>>[]) {
    const list = rows.filter((r) => r !== undefined);
    const names = await userNames(db, list.map((r) => r.user_id));
    return list.map((r) => presentActivity(r, names, reader.auth.user.id));
  }

  async function visibleActivity(reader: Reader, id: number) {
    const row = await findVisibleActivity(db, reader.visibility, id);
    if (!row) throw notFound(ACTIVITY_MESSAGES.notFound);
    return row;
  }

  router.get('/activity', async (req, res) => {
    const reader = activityReader(req);
    const query = validate(activityListQuerySchema, req.query);
    const page = parsePage(req.query, 25, dateRangePerPage(query.filter.from, query.filter.to));
    const range = dateRange(query.filter.from, query.filter.to, query.filter.timezone ?? reader.auth.district.timezone);
    const filters: ActivityFilters = { ...range, userIds: query.filter.user_id, categories: query.filter.category };
    // The same users' interactions over the same range join the totals unless a category is chosen.
    const interactionFilters: InteractionFilters = {
      ...range, coachIds: filters.userIds, typeIds: [], statuses: [], staffIds: [], groupIds: [], buildingIds: [], gradeLevels: [], subjects: [],
      needsCompleting: false, now: nowIso(),
    };
    const [{ rows, total }, byCategory, byType] = await Promise.all([
      listActivitiesPage(db, reader.visibility, filters, query.sort, page),
      activityTotalsByCategory(filteredActivities(db, reader.visibility, filters)),
      filters.categories.length ? Promise.resolve([]) : interactionTotalsByType(db, filteredInteractions(db, reader.visibility, interactionFilters)),
    ]);
    res.json({
      data: await presentActivities(reader, rows),
      meta: { ...pageMeta(page.page, page.perPage, total), totals: presentTotals(byType, byCategory) },
    });
  });

  router.get('/activity/:id', async (req, res) => {
    const reader = activityReader(req);
    const row = await visibleActivity(reader, routeId(req, 'id', ACTIVITY_MESSAGES.notFound));
    res.json((await presentActivities(reader, [row]))[0]);
  });

  router.post('/activity', async (req, res) => {
    const writer = activityReader(req);
    const input = validate(activityPayloadSchema, req.body);
    const id = await createActivity(db, writer.actor, input);
    res.status(201).json((await presentActivities(writer, [await visibleActivity(writer, id)]))[0]);
  });

  async function ownActivity(req: Parameters<typeof activityReader>[0]) {
    const writer = activityReader(req);
    const row = await visibleActivity(writer, routeId(req, 'id', ACTIVITY_MESSAGES.notFound));
    if (!canEditActivity(writer, row)) throw forbidden(ACTIVITY_NOT_YOURS);
    return { writer, row };
  }

  router.put('/activity/:id', async (req, res) => {
    const { writer, row } = await ownActivity(req);
    const input = validate(activityPayloadSchema, req.body);
    await updateActivity(db, writer.actor, row, input);
    res.json((await presentActivities(writer, [await visibleActivity(writer, row.id)]))[0]);
  });

  router.delete('/activity/:id', async (req, res) => {
    const { writer, row } = await ownActivity(req);
    await deleteActivity(db, writer.actor, row);
    res.status(204).end();
  });

  return router;
}

