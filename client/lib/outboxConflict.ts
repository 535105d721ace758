// The conflict panel's comparison of an interaction (issue 31): every field the person can edit, both versions side by
// side, and a merge field by field. Pure; apart from outboxRules.ts (which the lists of interactions load for their
// one-click complete) so only the panel, loaded when opened, brings it.
import type { Interaction } from '../../common/schemas/interactions';

/** An interaction as the conflict panel reads it: the server's answer, or the person's version (the server's with the
 *  preview their queued edit keeps laid over it). */
export type InteractionView = Pick<Interaction, 'interaction_type' | 'starts_at' | 'duration_minutes' | 'status' | 'coach' | 'participants' | 'groups'
  | 'building' | 'coaching_cycle' | 'focus_skills' | 'field_values' | 'notes' | 'next_steps'> & Partial<Pick<Interaction, 'private_notes' | 'ends_at' | 'needs_completing'>>;

/** One compared field of an interaction: what identifies its value on each side (ids, not names), and whether they differ. */
export interface ConflictRow {
  key: string;
  mine: unknown;
  server: unknown;
  differs: boolean;
  /** A text the merge form offers to edit into one. */
  text: boolean;
}

const sortedIds = (list: readonly { id: number }[]) => list.map((x) => x.id).sort((a, b) => a - b);
const individuals = (v: InteractionView) => v.participants.filter((p) => p.group_id === null);
const fieldKey = (id: number) => `field:${id}`;
const emptyValue = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
const INTERACTION_TEXTS = ['notes', 'next_steps', 'private_notes'] as const;
// Shown even when empty on both sides: what every interaction has.
const ALWAYS = new Set(['interaction_type', 'starts_at', 'duration_minutes', 'status', 'coach', 'participants', 'building', 'notes']);

function interactionFacts(v: InteractionView): [string, unknown][] {
  const fields = [...v.field_values].sort((a, b) => a.field_id - b.field_id);
  return [
    ['interaction_type', v.interaction_type.id],
    ['starts_at', v.starts_at],
    ['duration_minutes', v.duration_minutes],
    ['status', v.status],
    ['coach', v.coach.id],
    ['participants', sortedIds(individuals(v))],
    ['groups', sortedIds(v.groups)],
    ['building', v.building?.id ?? null],
    ['coaching_cycle', v.coaching_cycle?.id ?? null],
    ['focus_skills', sortedIds(v.focus_skills)],
    ...fields.map((f): [string, unknown] => [fieldKey(f.field_id), f.value]),
    ['notes', v.notes?.trim() || null],
    ['next_steps', v.next_steps?.trim() || null],
    ['private_notes', v.private_notes?.trim() || null],
  ];
}

/**
 * Every field the person can edit on an interaction, both versions side by side (issue 31's conflict panel), in the
 * form's order: type, when, minutes, status, coach, educators, groups, school, cycle, focus skills, each custom field,
 * notes, next steps, private notes. A field empty on both sides is left out unless every interaction has it; private
 * notes only when the person may read them (their own).
 */
export function interactionConflictRows(mine: InteractionView, server: InteractionView): ConflictRow[] {
  const a = new Map(interactionFacts(mine));
  const b = new Map(interactionFacts(server));
  const keys = [...a.keys()];
  // A custom field only one side answers sits with the others, before the notes.
  for (const key of b.keys()) if (!a.has(key)) keys.splice(keys.indexOf('notes'), 0, key);
  const customOrder = (k: string) => (k.startsWith('field:') ? Number(k.slice(6)) : -1);
  const ordered = [
    ...keys.filter((k) => !k.startsWith('field:') && !INTERACTION_TEXTS.includes(k as never)),
    ...keys.filter((k) => k.startsWith('field:')).sort((x, y) => customOrder(x) - customOrder(y)),
    ...INTERACTION_TEXTS,
  ];
  return ordered
    .filter((key) => key !== 'private_notes' || ('private_notes' in mine || 'private_notes' in server))
    .map((key) => {
      const m = a.get(key) ?? null;
      const s = b.get(key) ?? null;
      return { key, mine: m, server: s, differs: JSON.stringify(m) !== JSON.stringify(s), text: INTERACTION_TEXTS.includes(key as never) };
    })
    .filter((row) => ALWAYS.has(row.key) || row.differs || !emptyValue(row.mine) || !emptyValue(row.server));
}

/**
 * A merged interaction: for each differing field the side chosen (`'mine'`/`'server'`) or, for a text, the merged text.
 * Gives the request body (the person's, with the server's values where chosen) and the preview the screens show until
 * it syncs.
 */
export function mergeInteraction(
  body: Record<string, unknown>, mine: InteractionView, server: InteractionView, choices: Record<string, 'mine' | 'server' | { text: string }>,
): { body: Record<string, unknown>; preview: Partial<Interaction> } {
  const out: Record<string, unknown> = { ...body };
  const preview: Partial<Interaction> = { ...mine };
  const fieldValues = { ...((body.field_values as Record<string, unknown> | undefined) ?? {}) };
  let shownFields = [...mine.field_values];
  for (const [key, choice] of Object.entries(choices)) {
    if (typeof choice === 'object') {
      out[key] = choice.text;
      (preview as Record<string, unknown>)[key] = choice.text.trim() || null;
      continue;
    }
    if (choice === 'mine') continue;
    switch (key) {
      case 'interaction_type': out.interaction_type_id = server.interaction_type.id; preview.interaction_type = server.interaction_type; break;
      case 'starts_at': out.starts_at = server.starts_at; preview.starts_at = server.starts_at; break;
      case 'duration_minutes': out.duration_minutes = server.duration_minutes; preview.duration_minutes = server.duration_minutes; break;
      case 'status': out.status = server.status; preview.status = server.status; break;
      case 'coach': out.coach_id = server.coach.id; preview.coach = server.coach; break;
      case 'participants': out.staff_ids = individuals(server).map((p) => p.id); break;
      case 'groups': out.group_ids = server.groups.map((g) => g.id); preview.groups = server.groups; break;
      case 'building': out.building_id = server.building?.id ?? null; preview.building = server.building; break;
      case 'coaching_cycle': out.coaching_cycle_id = server.coaching_cycle?.id ?? null; preview.coaching_cycle = server.coaching_cycle; break;
      case 'focus_skills': out.skill_ids = server.focus_skills.map((k) => k.id); preview.focus_skills = server.focus_skills; break;
      default: {
        if (!key.startsWith('field:')) break;
        const id = Number(key.slice(6));
        const theirs = server.field_values.find((f) => f.field_id === id);
        if (theirs) fieldValues[String(id)] = theirs.value;
        else delete fieldValues[String(id)];
        shownFields = [...shownFields.filter((f) => f.field_id !== id), ...(theirs ? [theirs] : [])];
        out.field_values = fieldValues;
      }
    }
  }
  // The educators shown: the individuals and the groups' members of the sides chosen.
  const people = choices.participants === 'server' ? individuals(server) : individuals(mine);
  const groupSide = choices.groups === 'server' ? server : mine;
  preview.participants = [...people, ...groupSide.participants.filter((p) => p.group_id !== null)];
  preview.field_values = shownFields;
  if (preview.starts_at && preview.duration_minutes) preview.ends_at = new Date(Date.parse(preview.starts_at) + preview.duration_minutes * 60_000).toISOString();
  return { body: out, preview };
}
