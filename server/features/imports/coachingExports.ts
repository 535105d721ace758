// The coaching exports' reads: interactions over a date range and every skill rating, in pages (keyset),
// each page with the names it shows, so a download never holds the district in memory.
// Interactions: private notes are never read; notes, next steps and text answers follow the district's
// `shared_notes_visible_to_admins` setting exactly as the Activity screen does (the exporter's own
// interactions, and those they coach or took part in, always show them).
import { districtSettingsOf } from '../../../common/schemas/site';
import type { DB } from '../../../db/connection';
import { isNoteFieldKind, seesSharedTexts } from '../../access/notesPrivacy';
import { endOfLocalDay, localDateTime, startOfLocalDay } from '../../lib/zone';
import { groupBy } from '../../lib/collections';
import { EXPORT_PAGE_SIZE } from './exportQueries';

export const INTERACTIONS_EXPORT_HEADER = [
  'ID', 'Date', 'Start time', 'Duration (minutes)', 'Type', 'Counts as coaching', 'Status', 'Coach', 'School', 'Educators',
  'Educator IDs', 'Groups', 'Coaching cycle', 'Focus skills', 'Notes', 'Next steps', 'Custom fields', 'Logged by', 'Created at', 'Updated at',
];


function fieldValueText(json: string): string {
  try {
    const v = JSON.parse(json) as unknown;
    if (Array.isArray(v)) return v.map(String).join(', ');
    if (typeof v === 'boolean') return v ? 'Yes' : 'No';
    return v === null ? '' : String(v);
  } catch {
    return json;
  }
}

export interface InteractionsExportScope {
  districtId: number;
  timeZone: string;
  /** The exporter: their own, coached and attended interactions always show notes. */
  userId: number;
  from: string | null;
  to: string | null;
}

/** Pages of the interactions export, oldest first (not deleted; every status). */
export async function* interactionsExportPages(db: DB, s: InteractionsExportScope, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<unknown[][]> {
  const district = await db.selectFrom('districts').select('settings').where('id', '=', s.districtId).executeTakeFirst();
  const sharedNotesVisible = districtSettingsOf(district?.settings).shared_notes_visible_to_admins;
  const fromInstant = s.from ? startOfLocalDay(s.from, s.timeZone) : null;
  const toInstant = s.to ? endOfLocalDay(s.to, s.timeZone) : null;
  let after: { startsAt: string; id: number } | null = null;
  for (;;) {
    let q = db.selectFrom('interactions')
      .select(['id', 'interaction_type_id', 'coach_id', 'starts_at', 'duration_minutes', 'status', 'building_id', 'notes', 'next_steps',
        'coaching_cycle_id', 'created_by', 'created_at', 'updated_at'])
      .where('district_id', '=', s.districtId).where('deleted_at', 'is', null);
    if (fromInstant) q = q.where('starts_at', '>=', fromInstant);
    if (toInstant) q = q.where('starts_at', '<', toInstant);
    if (after) {
      const a = after;
      q = q.where((eb) => eb.or([eb('starts_at', '>', a.startsAt), eb.and([eb('starts_at', '=', a.startsAt), eb('id', '>', a.id)])]));
    }
    const rows = await q.orderBy('starts_at').orderBy('id').limit(pageSize).execute();
    if (!rows.length) return;
    const ids = rows.map((r) => r.id);
    const d = s.districtId;
    const [types, participants, groups, skills, values, cycles] = await Promise.all([
      db.selectFrom('interaction_types').select(['id', 'name', 'counts_as_coaching'])
        .where('id', 'in', [...new Set(rows.map((r) => r.interaction_type_id))]).where((eb) => eb.or([eb('district_id', '=', d), eb('district_id', 'is', null)])).execute(),
      db.selectFrom('interaction_participants as p').innerJoin('staff', 'staff.id', 'p.staff_id')
        .select(['p.interaction_id', 'staff.id', 'staff.first_name', 'staff.last_name', 'staff.user_id'])
        .where('p.district_id', '=', d).where('staff.district_id', '=', d).where('p.interaction_id', 'in', ids)
        .orderBy('staff.last_name').orderBy('staff.first_name').execute(),
      db.selectFrom('interaction_groups as ig').innerJoin('groups', 'groups.id', 'ig.group_id').select(['ig.interaction_id', 'groups.name'])
        .where('ig.district_id', '=', d).where('groups.district_id', '=', d).where('ig.interaction_id', 'in', ids).orderBy('groups.name').execute(),
      db.selectFrom('interaction_skills as isk').innerJoin('skills', 'skills.id', 'isk.skill_id').select(['isk.interaction_id', 'skills.name'])
        .where('isk.district_id', '=', d).where('isk.interaction_id', 'in', ids).orderBy('skills.sort_order').execute(),
      db.selectFrom('interaction_field_values as v').innerJoin('interaction_fields as f', 'f.id', 'v.field_id')
        .select(['v.interaction_id', 'v.value', 'f.label', 'f.kind']).where('v.district_id', '=', d).where('v.interaction_id', 'in', ids)
        .orderBy('f.sort_order').orderBy('f.id').execute(),
      db.selectFrom('coaching_cycles').select(['id', 'title']).where('district_id', '=', d)
        .where('id', 'in', [0, ...rows.flatMap((r) => (r.coaching_cycle_id === null ? [] : [r.coaching_cycle_id]))]).execute(),
    ]);
    const userIds = [...new Set(rows.flatMap((r) => [r.coach_id, ...(r.created_by === null ? [] : [r.created_by])]))];
    const buildingIds = [0, ...new Set(rows.flatMap((r) => (r.building_id === null ? [] : [r.building_id])))];
    const [users, buildings] = await Promise.all([
      db.selectFrom('users').select(['id', 'name']).where('district_id', '=', d).where('id', 'in', userIds).execute(),
      db.selectFrom('buildings').select(['id', 'name']).where('district_id', '=', d).where('id', 'in', buildingIds).execute(),
    ]);
    const typeOf = new Map(types.map((t) => [t.id, t]));
    const userName = new Map(users.map((u) => [u.id, u.name]));
    const buildingName = new Map(buildings.map((b) => [b.id, b.name]));
    const cycleTitle = new Map(cycles.map((c) => [c.id, c.title]));
    const participantsOf = groupBy(participants, (p) => [p.interaction_id]);
    const groupsOf = groupBy(groups, (g) => [g.interaction_id]);
    const skillsOf = groupBy(skills, (k) => [k.interaction_id]);
    const valuesOf = groupBy(values, (v) => [v.interaction_id]);
    yield rows.map((r) => {
      const people = participantsOf.get(r.id) ?? [];
      const notesVisible = seesSharedTexts({ userId: s.userId, sharedNotesVisible }, { authorId: r.created_by, coachId: r.coach_id, participantUserIds: people.map((p) => p.user_id) });
      const local = localDateTime(r.starts_at, s.timeZone);
      const type = typeOf.get(r.interaction_type_id);
      const fields = (valuesOf.get(r.id) ?? []).filter((v) => notesVisible || !isNoteFieldKind(v.kind))
        .map((v) => `${v.label}: ${fieldValueText(v.value)}`);
      return [
        r.id, local.date, local.time, r.duration_minutes, type?.name ?? '', type?.counts_as_coaching ? 'Yes' : 'No', r.status,
        userName.get(r.coach_id) ?? '', r.building_id === null ? '' : buildingName.get(r.building_id) ?? '',
        people.map((p) => `${p.first_name} ${p.last_name}`).join('; '), people.map((p) => p.id).join('; '),
        (groupsOf.get(r.id) ?? []).map((g) => g.name).join('; '),
        r.coaching_cycle_id === null ? '' : cycleTitle.get(r.coaching_cycle_id) ?? '',
        (skillsOf.get(r.id) ?? []).map((k) => k.name).join('; '),
        notesVisible ? r.notes ?? '' : '', notesVisible ? r.next_steps ?? '' : '', fields.join('; '),
        r.created_by === null ? '' : userName.get(r.created_by) ?? '', r.created_at, r.updated_at,
      ];
    });
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { startsAt: last.starts_at, id: last.id };
  }
}

export const SKILL_RATINGS_EXPORT_HEADER = [
  'Rating ID', 'Educator ID', 'Educator', 'Employee ID', 'Email', 'Domain', 'Skill', 'Level', 'Level name', 'Rated on', 'Rated by', 'Note', 'Interaction ID',
];

/** Pages of every skill rating of the district (the whole history, not only current levels), by id. */
export async function* skillRatingsExportPages(db: DB, districtId: number, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<unknown[][]> {
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom('skill_ratings as r')
      .innerJoin('staff', 'staff.id', 'r.staff_id')
      .innerJoin('skills', 'skills.id', 'r.skill_id')
      .innerJoin('skill_domains as dom', 'dom.id', 'skills.domain_id')
      .leftJoin('skill_levels as lv', (j) => j.onRef('lv.framework_id', '=', 'skills.framework_id').onRef('lv.level', '=', 'r.level'))
      .leftJoin('users as rater', (j) => j.onRef('rater.id', '=', 'r.rated_by').on('rater.district_id', '=', districtId))
      .select(['r.id', 'staff.id as staff_id', 'staff.first_name', 'staff.last_name', 'staff.employee_id', 'staff.email', 'dom.name as domain',
        'skills.name as skill', 'r.level', 'lv.name as level_name', 'r.rated_on', 'rater.name as rater', 'r.note', 'r.interaction_id'])
      .where('r.district_id', '=', districtId).where('staff.district_id', '=', districtId).where('r.id', '>', after)
      .orderBy('r.id').limit(pageSize).execute();
    if (!rows.length) return;
    yield rows.map((r) => [
      r.id, r.staff_id, `${r.first_name} ${r.last_name}`, r.employee_id, r.email, r.domain, r.skill, r.level, r.level_name ?? '', r.rated_on,
      r.rater ?? '', r.note ?? '', r.interaction_id ?? '',
    ]);
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!.id;
  }
}
