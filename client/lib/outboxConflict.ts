// The conflict panel's comparison of an interaction and of an observation (issue 31): every field the person can edit, both versions side by
// side, and a merge field by field. Pure; apart from outboxRules.ts (which the lists of interactions load for their
// one-click complete) so only the panel, loaded when opened, brings it.
import type { ObservationAnswer } from '../../common/schemas/answers/observations';
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

type Choice = 'mine' | 'server' | { text: string };

/**
 * A merge's choice that needs nothing of its field's kind: a text merged by hand goes in as written (the preview shows it
 * trimmed, empty as none), and "mine" keeps the person's value. True when it was one of those.
 */
function tookTextOrMine(key: string, choice: Choice, body: Record<string, unknown>, preview: object): boolean {
  if (typeof choice === 'object') {
    body[key] = choice.text;
    (preview as Record<string, unknown>)[key] = choice.text.trim() || null;
    return true;
  }
  return choice === 'mine';
}

/** An instant as one spelling (the form's and the server's may write the same minute differently). */
const instant = (at: string | null | undefined): string | null => {
  if (!at) return null;
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? at : new Date(ms).toISOString();
};

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
    ['starts_at', instant(v.starts_at)],
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
  body: Record<string, unknown>, mine: InteractionView, server: InteractionView, choices: Record<string, Choice>,
): { body: Record<string, unknown>; preview: Partial<Interaction> } {
  const out: Record<string, unknown> = { ...body };
  const preview: Partial<Interaction> = { ...mine };
  const fieldValues = { ...((body.field_values as Record<string, unknown> | undefined) ?? {}) };
  let shownFields = [...mine.field_values];
  for (const [key, choice] of Object.entries(choices)) {
    if (tookTextOrMine(key, choice, out, preview)) continue;
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

// ---- Observations ---------------------------------------------------------------------------------------------------

/** An observation as the conflict panel reads it: the server's answer, or the person's version (the server's with the
 *  preview their queued edit keeps laid over it, `previewOfCapture`). */
export type ObservationView = Pick<ObservationAnswer, 'educator' | 'form' | 'observed_at' | 'duration_minutes' | 'status' | 'items' | 'answers' | 'notes' | 'next_steps'>
  & Partial<Pick<ObservationAnswer, 'private_notes' | 'look_fors'>>;
type ObservationBodyAnswer = { item_id: number; value: NonNullable<ObservationAnswer['answers']>[number]['value']; evidence: string | null };

const itemKey = (id: number) => `item:${id}`;
const itemIdOf = (key: string): number | null => (key.startsWith('item:') ? Number(key.slice(5)) : null);
const OBSERVATION_TEXTS = ['notes', 'next_steps', 'private_notes'] as const;
// Shown even when empty on both sides: what every observation has.
const OBSERVATION_ALWAYS = new Set(['educator', 'form', 'observed_at', 'duration_minutes', 'status', 'notes']);
const byPosition = (items: readonly ObservationView['items'][number][]) => [...items].sort((a, b) => a.position - b.position);

/** An item's answer compared: a text item's words, any other's value and evidence; null when unanswered. */
function answerFact(v: ObservationView, item: ObservationView['items'][number]): unknown {
  const a = v.answers?.find((x) => x.item_id === item.id);
  if (!a) return null;
  if (item.kind === 'text') return typeof a.value === 'string' && a.value.trim() ? a.value.trim() : null;
  const value = emptyValue(a.value) ? null : a.value;
  const evidence = a.evidence?.trim() || null;
  return value === null && evidence === null ? null : { value, evidence };
}

function observationFacts(v: ObservationView): [string, unknown][] {
  return [
    ['educator', v.educator.id],
    ['form', v.form.id],
    ['observed_at', instant(v.observed_at)],
    ['duration_minutes', v.duration_minutes],
    ['status', v.status],
    ...byPosition(v.items).map((item): [string, unknown] => [itemKey(item.id), answerFact(v, item)]),
    ['notes', v.notes?.trim() || null],
    ['next_steps', v.next_steps?.trim() || null],
    ['private_notes', v.private_notes?.trim() || null],
  ];
}

/** The item an observation row names, from either side (the two may use different forms). */
export function observationItemOf(key: string, mine: ObservationView, server: ObservationView): ObservationView['items'][number] | undefined {
  const id = itemIdOf(key);
  return id === null ? undefined : mine.items.find((i) => i.id === id) ?? server.items.find((i) => i.id === id);
}

/**
 * Every field the person can edit on an observation, both versions side by side (issue 31's conflict panel), in the
 * capture's order: educator, form, when, minutes, status, each item's answer (by its label, in the form's order: an item
 * only the server's form has comes after the person's), notes, next steps, private notes. An item unanswered on both
 * sides is left out; private notes only when the person may read them (their own). A text item merges as a text.
 */
export function observationConflictRows(mine: ObservationView, server: ObservationView): ConflictRow[] {
  const a = new Map(observationFacts(mine));
  const b = new Map(observationFacts(server));
  const keys = [...a.keys()];
  for (const key of b.keys()) if (!a.has(key)) keys.splice(keys.indexOf('notes'), 0, key);
  return keys
    .filter((key) => key !== 'private_notes' || ('private_notes' in mine || 'private_notes' in server))
    .map((key) => {
      const m = a.get(key) ?? null;
      const s = b.get(key) ?? null;
      const text = OBSERVATION_TEXTS.includes(key as never) || observationItemOf(key, mine, server)?.kind === 'text';
      return { key, mine: m, server: s, differs: JSON.stringify(m) !== JSON.stringify(s), text };
    })
    .filter((row) => OBSERVATION_ALWAYS.has(row.key) || row.differs || !emptyValue(row.mine) || !emptyValue(row.server));
}

/** Seen of the look-fors answered seen or not seen (not applicable left out): the server's `look_fors`. */
function lookFors(items: ObservationView['items'], answers: readonly { item_id: number; value: unknown }[]): { seen: number; applicable: number } {
  let seen = 0;
  let applicable = 0;
  for (const item of items.filter((i) => i.kind === 'look_for')) {
    const value = answers.find((x) => x.item_id === item.id)?.value;
    if (value === 'yes') seen += 1;
    if (value === 'yes' || value === 'no') applicable += 1;
  }
  return { seen, applicable };
}

/**
 * A merged observation: for each differing field the side chosen (`'mine'`/`'server'`) or, for a text (notes, next
 * steps, private notes, a text item's answer), the merged text. The form chosen brings its answers: with the server's
 * form, the server's answers (its items are not the person's); else each item's answer from the side chosen for it.
 * Gives the request body (the person's, with the server's values where chosen) and the preview the screens show until
 * it syncs.
 */
export function mergeObservation(
  body: Record<string, unknown>, mine: ObservationView, server: ObservationView, choices: Record<string, Choice>,
): { body: Record<string, unknown>; preview: Partial<ObservationAnswer> } {
  const out: Record<string, unknown> = { ...body };
  const preview: Partial<ObservationAnswer> = { ...mine };
  const theirsForm = choices.form === 'server';
  const side = theirsForm ? server : mine;
  const answers = new Map<number, ObservationBodyAnswer>(theirsForm
    ? (server.answers ?? []).map((x) => [x.item_id, { item_id: x.item_id, value: x.value, evidence: x.evidence }])
    : ((body.answers as ObservationBodyAnswer[] | undefined) ?? []).map((x) => [x.item_id, x]));
  if (theirsForm) {
    out.form_id = server.form.id;
    preview.form = server.form;
    preview.items = server.items;
  }
  for (const [key, choice] of Object.entries(choices)) {
    const itemId = itemIdOf(key);
    if (itemId !== null) {
      if (theirsForm || choice === 'mine') continue;
      if (typeof choice === 'object') {
        const words = choice.text.trim();
        if (words) answers.set(itemId, { item_id: itemId, value: words, evidence: answers.get(itemId)?.evidence ?? null });
        else answers.delete(itemId);
        continue;
      }
      const theirs = server.answers?.find((x) => x.item_id === itemId);
      if (theirs) answers.set(itemId, { item_id: itemId, value: theirs.value, evidence: theirs.evidence });
      else answers.delete(itemId);
      continue;
    }
    if (tookTextOrMine(key, choice, out, preview)) continue;
    switch (key) {
      case 'educator': out.staff_id = server.educator.id; preview.educator = server.educator; break;
      case 'observed_at': out.observed_at = server.observed_at; preview.observed_at = server.observed_at; break;
      case 'duration_minutes': out.duration_minutes = server.duration_minutes; preview.duration_minutes = server.duration_minutes; break;
      case 'status': out.status = server.status; preview.status = server.status; break;
    }
  }
  // The answers in the chosen form's order, as the capture sends them.
  const merged = byPosition(side.items).flatMap((item) => {
    const x = answers.get(item.id);
    return x ? [x] : [];
  });
  out.answers = merged;
  preview.answers = merged as ObservationAnswer['answers'];
  preview.look_fors = lookFors(side.items, merged);
  return { body: out, preview };
}

// ---- The same version ------------------------------------------------------------------------------------------------

/**
 * Whether a write's version (its preview laid over the server's answer, as the conflict panel's "Yours") equals the
 * server's version field for field: the panel would mark nothing as different, so a 409 `edit_conflict` on it is no
 * conflict (issue 31: the server already holds what the person is saving, say another tab's sync sent it) and an open
 * form adopts that version as its base. False when the write keeps no preview (nothing to compare field by field).
 */
export function sameAsServer(write: { kind: string; summary: { extra?: Record<string, unknown> } }, server: Record<string, unknown>): boolean {
  const preview = write.summary.extra?.preview;
  if (!preview || typeof preview !== 'object') return false;
  if (write.kind === 'interaction.update') {
    const theirs = server as unknown as InteractionView;
    return !interactionConflictRows({ ...theirs, ...(preview as Partial<InteractionView>) }, theirs).some((row) => row.differs);
  }
  if (write.kind === 'observation.update') {
    const theirs = server as unknown as ObservationView;
    return !observationConflictRows({ ...theirs, ...(preview as Partial<ObservationView>) }, theirs).some((row) => row.differs);
  }
  return false;
}

/**
 * Whether the server's version is the person's own (issue 31): it equals the write field for field, or equals the save
 * the write's page had on its way as it closed (`unreadSave`). Then a 409 `edit_conflict` on the write is no conflict.
 */
export function ownVersionOnServer(
  write: { kind: string; summary: { extra?: Record<string, unknown> }; unreadSave?: Record<string, unknown> }, server: Record<string, unknown>,
): boolean {
  return sameAsServer(write, server) || (!!write.unreadSave && sameAsServer({ kind: write.kind, summary: { extra: { preview: write.unreadSave } } }, server));
}
