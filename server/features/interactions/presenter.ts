// The Interaction and Activity answers: explicit whitelists, with what the reader may see of each
// interaction (`interactionSight` in policies.ts, given as the viewer's `sight`) applied to every answer
// (list, one, writes, duplicate, delete):
// - private notes: the key is present only for the author (created_by);
// - the district's `shared_notes_visible_to_admins` off: notes, next steps and text-kind field values
//   go only to the author, the coach and the participating educators (their linked logins); everyone
//   else gets null (text values left out) and notes_hidden: true.
import type { FieldKind, InteractionColour } from '../../../common/schemas/interactionTypes';
import type { ActivityAnswer, DefaultSchoolAnswer, InteractionAnswer } from '../../../common/schemas/answers/interactions';
import {
  type DefaultSchool,
  type ActivityCategory, ACTIVITY_CATEGORY_KEYS, type ActivityTotals, type InteractionFieldValue,
} from '../../../common/schemas/interactions';
import type { Sight } from './policies';
import type { ActivityRow, InteractionRow, Related, TypeTotalRow } from './queries';
import { plusMinutes } from '../../lib/zone';

export interface Viewer {
  userId: number;
  /** What this viewer may see of an interaction, given its participants' linked logins. */
  sight: (row: InteractionRow, participantUserIds: (number | null)[]) => Sight;
  /** Participants whose names the viewer may read (null: all). */
  nameableStaff: Set<number> | null;
  canEdit: (row: InteractionRow) => boolean;
  now: string;
}

function valueOf(json: string): InteractionFieldValue['value'] {
  try {
    return JSON.parse(json) as InteractionFieldValue['value'];
  } catch {
    return json;
  }
}

export function presentInteraction(row: InteractionRow, related: Related, viewer: Viewer): InteractionAnswer {
  const type = related.types.get(row.interaction_type_id);
  const participants = related.participants.filter((p) => p.interaction_id === row.id);
  const sight = viewer.sight(row, participants.map((p) => p.user_id));
  const notesVisible = sight.sharedTexts;
  const ownInteraction = row.created_by === viewer.userId || row.coach_id === viewer.userId;
  const nameUser = (id: number | null) => (id === null ? null : { id, name: related.users.get(id) ?? '' });
  const endsAt = plusMinutes(row.starts_at, row.duration_minutes);
  const fieldValues: InteractionFieldValue[] = related.fieldValues
    .filter((v) => v.interaction_id === row.id && sight.seesField(v.kind))
    .map((v) => ({ field_id: v.field_id, label: v.label, kind: v.kind as FieldKind, value: valueOf(v.value), archived: v.archived_at !== null }));
  return {
    id: row.id,
    interaction_type: {
      id: row.interaction_type_id,
      name: type?.name ?? '',
      colour: (type?.colour ?? 'gray') as InteractionColour,
      counts_as_coaching: Boolean(type?.counts_as_coaching),
    },
    coach: { id: row.coach_id, name: related.users.get(row.coach_id) ?? '' },
    starts_at: row.starts_at,
    ends_at: endsAt,
    duration_minutes: row.duration_minutes,
    status: row.status,
    needs_completing: row.status === 'scheduled' && endsAt <= viewer.now,
    building: row.building_id === null ? null : { id: row.building_id, name: related.buildings.get(row.building_id) ?? '' },
    participants: participants
      .filter((p) => ownInteraction || viewer.nameableStaff === null || viewer.nameableStaff.has(p.staff_id))
      .map((p) => ({ id: p.staff_id, name: `${p.first_name} ${p.last_name}`.trim(), group_id: p.group_id })),
    groups: related.groups.filter((g) => g.interaction_id === row.id).map((g) => ({ id: g.group_id, name: g.name })),
    notes: notesVisible ? row.notes : null,
    next_steps: notesVisible ? row.next_steps : null,
    notes_hidden: !notesVisible,
    ...(sight.privateNotes ? { private_notes: row.private_notes } : {}),
    field_values: fieldValues,
    coaching_cycle: row.coaching_cycle_id !== null && related.cycles.has(row.coaching_cycle_id)
      ? { id: row.coaching_cycle_id, title: related.cycles.get(row.coaching_cycle_id)! }
      : null,
    focus_skills: related.skills.filter((s) => s.interaction_id === row.id).map((s) => ({ id: s.skill_id, name: s.name })),
    can_edit: viewer.canEdit(row),
    created_by: nameUser(row.created_by),
    updated_by: nameUser(row.updated_by),
    created_at: row.created_at,
    updated_at: row.updated_at,
    client_id: row.client_id,
    ...(row.deleted_at !== null ? { deleted_at: row.deleted_at } : {}),
  };
}

export function presentTotals(
  byType: TypeTotalRow[], byCategory: { category: string; minutes: number | null }[],
): ActivityTotals {
  const types = byType.map((t) => ({
    interaction_type_id: t.id, name: t.name, colour: t.colour as InteractionColour, count: Number(t.count), minutes: Number(t.minutes ?? 0),
  }));
  const coaching = byType.filter((t) => t.counts_as_coaching).reduce((n, t) => n + Number(t.minutes ?? 0), 0);
  const interactionMinutes = types.reduce((n, t) => n + t.minutes, 0);
  const categories = byCategory.map((c) => ({ category: c.category as ActivityCategory, minutes: Number(c.minutes ?? 0) }))
    .sort((a, b) => ACTIVITY_CATEGORY_KEYS.indexOf(a.category) - ACTIVITY_CATEGORY_KEYS.indexOf(b.category));
  return {
    interactions: types.reduce((n, t) => n + t.count, 0),
    interaction_minutes: interactionMinutes,
    coaching_minutes: coaching,
    other_minutes: interactionMinutes - coaching,
    activity_minutes: categories.reduce((n, c) => n + c.minutes, 0),
    by_type: types,
    by_category: categories,
  };
}

export function presentActivity(row: ActivityRow, names: Map<number, string>, viewerId: number): ActivityAnswer {
  const own = row.user_id === viewerId;
  return {
    id: row.id,
    user: { id: row.user_id, name: names.get(row.user_id) ?? '' },
    category: row.category as ActivityCategory,
    starts_at: row.starts_at,
    ends_at: plusMinutes(row.starts_at, row.minutes),
    minutes: row.minutes,
    notes: own ? row.notes : null,
    can_edit: own,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** GET /api/interaction/default-school. */
export function presentDefaultSchool(d: DefaultSchool): DefaultSchoolAnswer {
  return { building: d.building ? { id: d.building.id, name: d.building.name } : null, source: d.source };
}
