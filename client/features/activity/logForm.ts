// The "Log interaction" form's model, free of React: the values it starts from (new, edit, duplicate,
// prefilled from a link), the status a date implies, and the request body it sends.
import type { InteractionField, InteractionType } from '../../../common/schemas/interactionTypes';
import { DURATION_MAX_MINUTES, type InteractionStatus, NOTE_FIELD_KINDS, SCHOOL_REQUIRED_MESSAGE } from '../../../common/interactionValues';
import type { DefaultSchool, Interaction, InteractionPayload } from '../../../common/schemas/interactions';
import type { OutboxSummary } from '../../lib/outboxRules';
import { formatMinutes, zonedDay, zonedTime, zonedToUtc } from '../../lib/zonedTime';
import { defineMessages, t, tText } from '../../lib/i18n';

const m = defineMessages({
  schoolOfEducators: { id: 'activity.schoolOfEducators', defaultMessage: 'The school of the educators taking part.' },
  educatorSchool: { id: 'activity.educatorSchool', defaultMessage: 'The educator’s school.' },
  coachSchool: { id: 'activity.coachSchool', defaultMessage: 'The coach’s school.' },
  yourSchool: { id: 'activity.yourSchool', defaultMessage: 'Your school.' },
  differentSchools: { id: 'activity.differentSchools', defaultMessage: 'These educators are at different schools: choose where it took place.' },
  chooseType: { id: 'activity.chooseType', defaultMessage: 'Choose an interaction type.' },
  enterDateTime: { id: 'activity.enterDateTime', defaultMessage: 'Enter a date and a time.' },
  durationRange: { id: 'activity.durationRange', defaultMessage: 'Duration must be from 1 to {max} minutes.' },
  summaryGroups: { id: 'activity.summaryGroups', defaultMessage: 'Groups' },
  noParticipants: { id: 'activity.noParticipants', defaultMessage: 'No participants' },
  twoNames: { id: 'activity.twoNames', defaultMessage: '{first} and {second}' },
  andMore: { id: 'activity.andMore', defaultMessage: '{names} and {count} more' },
  interaction: { id: 'activity.interaction', defaultMessage: 'Interaction' },
});

/** A custom field's value while editing: text, choices, or a yes/no (null = not answered). */
export type FieldDraft = string | string[] | boolean | null;

export interface Person {
  id: number;
  name: string;
}

export interface LogValues {
  typeId: number | null;
  coachId: number | null;
  day: string;
  time: string;
  duration: string;
  status: InteractionStatus;
  /** The user picked a status: a date change no longer changes it. */
  statusTouched: boolean;
  staff: Person[];
  groupIds: number[];
  buildingId: number | null;
  /** The user picked the school (or an edited interaction has one): a change of participants no longer changes it. */
  schoolChosen: boolean;
  notes: string;
  privateNotes: string;
  nextSteps: string;
  fields: Record<string, FieldDraft>;
  /** The coaching cycle it belongs to (issue 10). */
  cycleId: number | null;
  /** Focus skills (issue 10). */
  skillIds: number[];
}

/** Scheduled when the start is still ahead, else completed. */
export function statusFor(day: string, time: string, timeZone: string, now: number = Date.now()): InteractionStatus {
  const iso = zonedToUtc(day, time, timeZone);
  return iso && Date.parse(iso) > now ? 'scheduled' : 'completed';
}

export function blankValues(start: { day: string; time: string }, timeZone: string, prefill: { staff?: Person[]; buildingId?: number | null } = {}, now?: number): LogValues {
  return {
    typeId: null,
    coachId: null,
    day: start.day,
    time: start.time,
    duration: '',
    status: statusFor(start.day, start.time, timeZone, now),
    statusTouched: false,
    staff: prefill.staff ?? [],
    groupIds: [],
    buildingId: prefill.buildingId ?? null,
    // A prefilled school is only a first guess: the default school (withDefaultSchool) replaces it.
    schoolChosen: false,
    notes: '',
    privateNotes: '',
    nextSteps: '',
    fields: {},
    cycleId: null,
    skillIds: [],
  };
}

/** Picking a type: its default duration, unless the user already typed one for another type. */
export function withType(values: LogValues, type: InteractionType, previous: InteractionType | undefined): LogValues {
  const untouched = values.duration === '' || (previous && values.duration === String(previous.default_minutes));
  return { ...values, typeId: type.id, duration: untouched ? String(type.default_minutes) : values.duration };
}

/** The default school (GET /api/interaction/default-school) fills the School field until the user picks one. */
export function withDefaultSchool(values: LogValues, school: DefaultSchool | undefined): LogValues {
  if (values.schoolChosen || !school) return values;
  const buildingId = school.building?.id ?? null;
  return buildingId === values.buildingId ? values : { ...values, buildingId };
}

/** The School field's hint: where its default came from, or why it asks. */
export function schoolHint(values: LogValues, school: DefaultSchool | undefined, canChooseCoach: boolean): string | undefined {
  if (values.schoolChosen || !school) return undefined;
  if (school.source === 'participants') return values.staff.length + values.groupIds.length > 1 ? t(m.schoolOfEducators) : t(m.educatorSchool);
  if (school.source === 'coach') return values.coachId && canChooseCoach ? t(m.coachSchool) : t(m.yourSchool);
  return values.staff.length + values.groupIds.length > 0 ? t(m.differentSchools) : undefined;
}

/** A date or time change moves the default status along, until the user picks one. */
export function withWhen(values: LogValues, patch: { day?: string; time?: string }, timeZone: string, now?: number): LogValues {
  const next = { ...values, ...patch };
  return next.statusTouched ? next : { ...next, status: statusFor(next.day, next.time, timeZone, now) };
}

function draftOf(value: Interaction['field_values'][number]['value']): FieldDraft {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'boolean') return value;
  return String(value);
}

/** The values of an existing interaction (edit), or of a copy of it (duplicate: new time, scheduled by date). */
export function valuesFromInteraction(i: Interaction, timeZone: string, copyAt?: { day: string; time: string }, now?: number): LogValues {
  const day = copyAt?.day ?? zonedDay(i.starts_at, timeZone);
  const time = copyAt?.time ?? zonedTime(i.starts_at, timeZone);
  const fields: Record<string, FieldDraft> = {};
  for (const fv of i.field_values) fields[String(fv.field_id)] = draftOf(fv.value);
  const groupMembers = new Set(i.groups.map((g) => g.id));
  return {
    typeId: i.interaction_type.id,
    coachId: i.coach.id,
    day,
    time,
    duration: String(i.duration_minutes),
    status: copyAt ? statusFor(day, time, timeZone, now) : i.status,
    statusTouched: !copyAt,
    // Members who came with a group are sent again as the group, not one by one.
    staff: i.participants.filter((p) => p.group_id === null || !groupMembers.has(p.group_id)).map((p) => ({ id: p.id, name: p.name })),
    groupIds: i.groups.map((g) => g.id),
    buildingId: i.building?.id ?? null,
    schoolChosen: i.building !== null,
    notes: i.notes ?? '',
    privateNotes: copyAt ? '' : i.private_notes ?? '',
    nextSteps: i.next_steps ?? '',
    fields,
    cycleId: i.coaching_cycle?.id ?? null,
    skillIds: i.focus_skills.map((k) => k.id),
  };
}

/**
 * What the server hides from the caller of an interaction they edit or duplicate. Editing, the form
 * leaves those out rather than showing empty boxes (the server keeps them as stored): `sharedTexts`
 * (notes, next steps and `textField` kinds, under the district's privacy setting) and `privateNotes`
 * (another's). Duplicating, `notCopied` says the original's shared texts are not in the copy.
 */
export function hiddenFromCaller(kind: 'new' | 'edit' | 'duplicate', i: Interaction | null) {
  const notesHidden = kind !== 'new' && i !== null && i.notes_hidden;
  const sharedTexts = kind === 'edit' && notesHidden;
  return {
    sharedTexts,
    privateNotes: kind === 'edit' && i !== null && !('private_notes' in i),
    notCopied: kind === 'duplicate' && notesHidden,
    textField: (fieldKind: string) => sharedTexts && (NOTE_FIELD_KINDS as readonly string[]).includes(fieldKind),
  };
}

/** A draft as the API wants it for the field's kind; null for no answer. */
export function fieldValue(field: Pick<InteractionField, 'kind'>, draft: FieldDraft | undefined): string | number | boolean | string[] | null {
  if (draft === undefined || draft === null) return null;
  switch (field.kind) {
    case 'number':
    case 'rating': {
      if (typeof draft !== 'string' || draft.trim() === '') return null;
      const n = Number(draft);
      return Number.isFinite(n) ? n : draft; // the server names a non-number
    }
    case 'yes_no':
      return typeof draft === 'boolean' ? draft : draft === 'yes' ? true : draft === 'no' ? false : null;
    case 'multiple_choice':
      return Array.isArray(draft) ? (draft.length ? draft : null) : null;
    default:
      return typeof draft === 'string' && draft.trim() !== '' ? draft.trim() : null;
  }
}

export type LocalErrors = Record<string, string>;

/** The checks the form makes before sending (the server makes them all again). */
export function checkValues(values: LogValues, timeZone: string, opts: { schoolRequired?: boolean } = {}): LocalErrors {
  const errors: LocalErrors = {};
  // Every interaction takes place at a school when the district has any (the reports count it there).
  if (opts.schoolRequired && values.buildingId === null) errors.building_id = tText(SCHOOL_REQUIRED_MESSAGE);
  if (!values.typeId) errors.interaction_type_id = t(m.chooseType);
  if (!zonedToUtc(values.day, values.time, timeZone)) errors.starts_at = t(m.enterDateTime);
  const minutes = Number(values.duration);
  if (!/^\d+$/.test(values.duration.trim()) || minutes < 1 || minutes > DURATION_MAX_MINUTES) {
    errors.duration_minutes = t(m.durationRange, { max: DURATION_MAX_MINUTES });
  }
  return errors;
}

/** The body of POST /api/interaction and PUT /api/interaction/{id}. Only the chosen type's active fields are sent. */
export function toPayload(values: LogValues, type: InteractionType | undefined, timeZone: string): InteractionPayload {
  const field_values: Record<string, unknown> = {};
  for (const field of type?.fields ?? []) {
    if (field.archived_at && values.fields[String(field.id)] === undefined) continue;
    const value = fieldValue(field, values.fields[String(field.id)]);
    if (value !== null) field_values[String(field.id)] = value;
  }
  return {
    interaction_type_id: values.typeId ?? 0,
    coach_id: values.coachId,
    starts_at: zonedToUtc(values.day, values.time, timeZone) ?? '',
    duration_minutes: Number(values.duration),
    status: values.status,
    building_id: values.buildingId,
    staff_ids: values.staff.map((s) => s.id),
    group_ids: values.groupIds,
    notes: values.notes,
    private_notes: values.privateNotes,
    next_steps: values.nextSteps,
    field_values,
    coaching_cycle_id: values.cycleId,
    skill_ids: values.skillIds,
  };
}

/** What the outbox shows of an interaction written without a signal (issue 31): its type, who and how long. */
export function interactionSummary(values: LogValues, type: Pick<InteractionType, 'name' | 'colour'> | undefined, extra: { startsAt: string; school?: string; colourHex?: string }): OutboxSummary {
  const names = values.staff.map((p) => p.name);
  const who = names.length === 0 ? (values.groupIds.length ? t(m.summaryGroups) : t(m.noParticipants))
    : names.length === 1 ? names[0]! : names.length === 2 ? t(m.twoNames, { first: names[0]!, second: names[1]! })
      : t(m.andMore, { names: names.slice(0, 2).join(', '), count: names.length - 2 });
  const minutes = Number(values.duration);
  const parts = [who, Number.isFinite(minutes) && minutes > 0 ? formatMinutes(minutes) : null, extra.school ?? null].filter(Boolean);
  return {
    title: type?.name ?? t(m.interaction),
    detail: parts.join(' · '),
    staffIds: values.staff.map((p) => p.id),
    startsAt: extra.startsAt,
    note: values.notes.trim() ? (values.notes.trim().length > 80 ? `${values.notes.trim().slice(0, 80)}…` : values.notes.trim()) : undefined,
    extra: { colourHex: extra.colourHex ?? null, status: values.status },
  };
}

type Named = { id: number; name: string };

/** The focus skills chosen, named: in the framework's order, then any the framework no longer lists (kept from the interaction). */
function focusSkillsOf(chosen: readonly number[], had: readonly Named[], framework: readonly Named[]): Named[] {
  const wanted = new Set(chosen);
  const named = framework.filter((k) => wanted.has(k.id)).map((k) => ({ id: k.id, name: had.find((x) => x.id === k.id)?.name ?? k.name }));
  const rest = had.filter((k) => wanted.has(k.id) && !named.some((x) => x.id === k.id));
  return [...named, ...rest];
}

/**
 * An edited interaction as the person saved it without a signal (issue 31): what the detail and the lists show at
 * once, over the server's version, until the edit syncs (outboxRules `asQueued`). Names come from the form's own,
 * already loaded lists (a cycle or focus skill chosen anew too: the cycle select's open cycles, the framework's skills);
 * what the form cannot name shows once it has synced, and what the server hides from the caller stays as it was.
 */
export function previewOfEdit(
  i: Interaction,
  values: LogValues,
  payload: InteractionPayload,
  names: {
    type?: InteractionType; buildings: readonly Named[]; groups: readonly Named[]; coaches: readonly Named[];
    /** The cycles the form offered, and the framework's skills in its order. */
    cycles?: readonly { id: number; title: string }[]; skills?: readonly Named[];
  },
  now: number = Date.now(),
): Partial<Interaction> {
  const startsAt = payload.starts_at || i.starts_at;
  const minutes = Number(payload.duration_minutes) || i.duration_minutes;
  const endsAt = new Date(Date.parse(startsAt) + minutes * 60_000).toISOString();
  const type = names.type;
  const keptGroups = new Set(values.groupIds);
  const groups = values.groupIds.map((id) => i.groups.find((g) => g.id === id) ?? names.groups.find((g) => g.id === id)).filter((g): g is Named => !!g)
    .map((g) => ({ id: g.id, name: g.name }));
  const hidden = hiddenFromCaller('edit', i);
  const status = payload.status ?? i.status;
  const preview: Partial<Interaction> = {
    interaction_type: type ? { id: type.id, name: type.name, colour: type.colour, counts_as_coaching: type.counts_as_coaching } : i.interaction_type,
    coach: values.coachId === null || values.coachId === i.coach.id ? i.coach : names.coaches.find((c) => c.id === values.coachId) ?? i.coach,
    starts_at: startsAt,
    ends_at: endsAt,
    duration_minutes: minutes,
    status,
    needs_completing: status === 'scheduled' && Date.parse(endsAt) <= now,
    building: values.buildingId === null ? null : i.building?.id === values.buildingId ? i.building : (() => {
      const b = names.buildings.find((x) => x.id === values.buildingId);
      return b ? { id: b.id, name: b.name } : i.building;
    })(),
    participants: [
      ...values.staff.map((p) => ({ id: p.id, name: p.name, group_id: null })),
      ...i.participants.filter((p) => p.group_id !== null && keptGroups.has(p.group_id)),
    ],
    groups,
    coaching_cycle: values.cycleId === null ? null : i.coaching_cycle?.id === values.cycleId ? i.coaching_cycle : (() => {
      const c = names.cycles?.find((x) => x.id === values.cycleId);
      return c ? { id: c.id, title: c.title } : null;
    })(),
    focus_skills: focusSkillsOf(values.skillIds, i.focus_skills, names.skills ?? []),
    field_values: (type?.fields ?? []).flatMap((f) => {
      const value = (payload.field_values as Record<string, unknown> | undefined)?.[String(f.id)];
      if (value === undefined || value === null) return i.field_values.filter((fv) => fv.field_id === f.id && hidden.textField(fv.kind));
      return [{ field_id: f.id, label: f.label, kind: f.kind, value: value as Interaction['field_values'][number]['value'], archived: f.archived_at !== null }];
    }),
  };
  if (!hidden.sharedTexts) {
    preview.notes = values.notes.trim() || null;
    preview.next_steps = values.nextSteps.trim() || null;
  }
  if (!hidden.privateNotes) preview.private_notes = values.privateNotes.trim() || null;
  return preview;
}
