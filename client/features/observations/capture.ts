// The capture's state and its pure rules: a blank capture or one read from a saved observation, the body
// sent (answers in the form's order, unanswered ones left out), a 422 mapped back to the items it names
// (`answers.N.value` is the Nth answer sent; `answers` lists the required items left unanswered), the
// minute stamp of "+ note", and the look-for tally.
import type { ObservationForm } from '../../../common/schemas/observationForms';
import { OBSERVATION_MESSAGES } from '../../../common/observationValues';
import { ApiError } from '../../lib/api';
import { zonedDay, zonedTime, zonedToUtc } from '../../lib/zonedTime';
import type { AnswerValue, Observation, ObservationBody, ObservationItem as ApiItem } from './api';
import { defineMessages, t, tText } from '../../lib/i18n';

const m = defineMessages({
  failed: { id: 'observations.failed', defaultMessage: 'Something went wrong. Please try again.' },
});

/** What the capture needs of an item: an observation's own items and a form's current items both have it. */
export type ObservationItem = Pick<ApiItem, 'id' | 'position' | 'section' | 'label' | 'kind' | 'required' | 'options' | 'multiple' | 'scale'>;

export const FALLBACK_MINUTES = 15;

export interface Answer {
  value: AnswerValue;
  evidence: string;
}

export interface Capture {
  staff: { id: number; name: string } | null;
  formId: number | null;
  day: string;
  time: string;
  duration: string;
  answers: Record<number, Answer>;
  notes: string;
  nextSteps: string;
  privateNotes: string;
  /** The calibration session it belongs to (issue 28, item 5), else null. */
  calibrationId: number | null;
}

export function blankCapture(now: { day: string; time: string }, prefill: { staff?: { id: number; name: string } | null; formId?: number | null; duration?: number; calibrationId?: number | null } = {}): Capture {
  return {
    staff: prefill.staff ?? null, formId: prefill.formId ?? null, day: now.day, time: now.time,
    duration: String(prefill.duration ?? FALLBACK_MINUTES), answers: {}, notes: '', nextSteps: '', privateNotes: '',
    calibrationId: prefill.calibrationId ?? null,
  };
}

/** A saved observation as the capture edits it, on the reader's clock. */
export function captureFromObservation(o: Observation, timeZone: string): Capture {
  const answers: Record<number, Answer> = {};
  for (const a of o.answers ?? []) answers[a.item_id] = { value: a.value, evidence: a.evidence ?? '' };
  return {
    staff: o.educator, formId: o.form.id, day: zonedDay(o.observed_at, timeZone), time: zonedTime(o.observed_at, timeZone),
    duration: String(o.duration_minutes), answers, notes: o.notes ?? '', nextSteps: o.next_steps ?? '', privateNotes: o.private_notes ?? '',
    calibrationId: o.calibration_id ?? null,
  };
}

/** The form a new capture starts with: the one asked for, else the built-in walkthrough, else the first. */
export function defaultFormId(forms: readonly ObservationForm[], asked: number | null): number | null {
  if (asked && forms.some((f) => f.id === asked)) return asked;
  return (forms.find((f) => f.builtin) ?? forms[0])?.id ?? null;
}

const hasValue = (v: AnswerValue) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);
const orNull = (s: string) => (s.trim() ? s.trim() : null);

/** The answers sent, in the items' order, with the item of each position (a 422 names positions). */
export function answersOf(items: readonly ObservationItem[], answers: Record<number, Answer>): { answers: ObservationBody['answers']; itemAt: number[] } {
  const sent: ObservationBody['answers'] = [];
  const itemAt: number[] = [];
  for (const item of items) {
    const a = answers[item.id];
    if (!a) continue;
    const value = item.kind === 'text' && typeof a.value === 'string' ? orNull(a.value) : a.value;
    const evidence = orNull(a.evidence);
    if (!hasValue(value) && !evidence) continue;
    sent.push({ item_id: item.id, value: hasValue(value) ? value : null, evidence });
    itemAt.push(item.id);
  }
  return { answers: sent, itemAt };
}

/** The request body, or null while the educator, form or time is missing (nothing can be saved yet). */
export function bodyOf(c: Capture, items: readonly ObservationItem[], timeZone: string, status: 'draft' | 'completed'): { body: ObservationBody; itemAt: number[] } | null {
  if (!c.staff || !c.formId) return null;
  const observedAt = zonedToUtc(c.day, c.time, timeZone);
  const duration = Number(c.duration);
  if (!observedAt) return null;
  const { answers, itemAt } = answersOf(items, c.answers);
  return {
    body: {
      form_id: c.formId, staff_id: c.staff.id, observed_at: observedAt,
      duration_minutes: Number.isInteger(duration) && duration >= 1 ? duration : FALLBACK_MINUTES,
      status, answers, notes: orNull(c.notes), next_steps: orNull(c.nextSteps), private_notes: orNull(c.privateNotes),
      calibration_id: c.calibrationId,
    },
    itemAt,
  };
}

/** Where a 422's messages go: an item's, a field's ("staff_id", "observed_at" …), or the form's. */
export interface CaptureErrors {
  items: Record<number, string>;
  fields: Record<string, string>;
  form: string | null;
}

export const NO_ERRORS: CaptureErrors = { items: {}, fields: {}, form: null };

const FIELD_KEYS = ['staff_id', 'form_id', 'observed_at', 'duration_minutes', 'notes', 'next_steps', 'private_notes', 'calibration_id'];

export function captureErrors(err: unknown, items: readonly ObservationItem[], itemAt: readonly number[], answers: Record<number, Answer>): CaptureErrors {
  if (!(err instanceof ApiError)) return { ...NO_ERRORS, form: t(m.failed) };
  if (err.status !== 422) return { ...NO_ERRORS, form: err.message };
  const out: CaptureErrors = { items: {}, fields: {}, form: null };
  const other: string[] = [];
  for (const [key, messages] of Object.entries(err.errors)) {
    const message = messages[0];
    if (!message) continue;
    const at = /^answers\.(\d+)\.(value|evidence|item_id)$/.exec(key);
    if (at && itemAt[Number(at[1])] !== undefined) {
      out.items[itemAt[Number(at[1])]!] ??= message;
    } else if (key === 'answers') {
      // The required items left unanswered, each named in its message.
      const answered = new Set(answersOf(items, answers).answers.filter((a) => hasValue(a.value)).map((a) => a.item_id));
      const missing = items.filter((i) => i.required && !answered.has(i.id));
      for (const i of missing) out.items[i.id] = tText(OBSERVATION_MESSAGES.answerRequired(i.label));
      if (missing.length === 0) other.push(...messages);
    } else if (FIELD_KEYS.includes(key)) {
      out.fields[key] = message;
    } else {
      other.push(message);
    }
  }
  out.form = other.length ? other.join(' ') : Object.keys(out.items).length || Object.keys(out.fields).length ? null : err.message;
  return out;
}

/**
 * An observation as its observer saved an edit without a signal (issue 31): what its page and the lists show at once,
 * over the server's version, until the edit syncs (outboxView `asQueued`), and the conflict panel's "Yours". Names
 * come from the capture's own, already loaded lists (the educator chosen, the form and its items).
 */
export function previewOfCapture(
  existing: Pick<Observation, 'form' | 'educator'> | null,
  body: ObservationBody,
  c: Capture,
  items: readonly ApiItem[],
  form: { id: number; name: string; version: number } | null,
): Partial<Observation> {
  const sameForm = existing?.form.id === body.form_id;
  const tally = tallyOf(items, c.answers);
  const preview: Partial<Observation> = {
    status: body.status, observed_at: body.observed_at, duration_minutes: body.duration_minutes,
    educator: c.staff ? { id: c.staff.id, name: c.staff.name } : existing?.educator,
    answers: body.answers.map((a) => ({ item_id: a.item_id, value: a.value, evidence: a.evidence })),
    look_fors: { seen: tally.seen, applicable: tally.applicable },
    notes: body.notes, next_steps: body.next_steps, private_notes: body.private_notes, calibration_id: body.calibration_id ?? null,
  };
  if (sameForm && existing) preview.form = existing.form;
  else if (form) {
    // Another form (a draft's): its name and items, for the answers to show by their labels.
    preview.form = { id: form.id, name: form.name, version: form.version };
    preview.items = [...items];
  }
  return preview;
}

/**
 * The capture of an observation's edit kept on the device (issue 31: going on from it, or correcting it): the version
 * its preview shows over the server's (which a merge in the conflict panel rewrites too), else the form's own values.
 */
export function captureOfWrite(write: { draft?: unknown; summary: { extra?: Record<string, unknown> } }, existing: Observation | null, timeZone: string): Capture {
  const preview = write.summary.extra?.preview as Partial<Observation> | undefined;
  if (preview && existing) return captureFromObservation({ ...existing, ...preview }, timeZone);
  return write.draft as Capture;
}

/** "+ note": the minute ("10:42 ") on a line of its own at the end of the text. */
export function stampNote(text: string, minute: string): string {
  const stamp = `${minute} `;
  if (!text) return stamp;
  return text.endsWith('\n') ? `${text}${stamp}` : `${text}\n${stamp}`;
}

/** The items in order, grouped by their section (consecutive items of one section make one group). */
export function sectionsOf(items: readonly ObservationItem[]): { section: string | null; items: ObservationItem[] }[] {
  const groups: { section: string | null; items: ObservationItem[] }[] = [];
  for (const item of [...items].sort((a, b) => a.position - b.position)) {
    const last = groups.at(-1);
    if (last && last.section === item.section) last.items.push(item);
    else groups.push({ section: item.section, items: [item] });
  }
  return groups;
}

/** Seen of the look-fors answered seen or not seen (not applicable left out), and how many look-fors there are. */
export function tallyOf(items: readonly ObservationItem[], answers: Record<number, Answer>): { seen: number; applicable: number; answered: number; total: number } {
  let seen = 0;
  let applicable = 0;
  let answered = 0;
  const lookFors = items.filter((i) => i.kind === 'look_for');
  for (const i of lookFors) {
    const v = answers[i.id]?.value;
    if (v === 'yes' || v === 'no' || v === 'na') answered += 1;
    if (v === 'yes') { seen += 1; applicable += 1; } else if (v === 'no') applicable += 1;
  }
  return { seen, applicable, answered, total: lookFors.length };
}

/** "5 of 8 seen": lib/observations.ts (the home and the educator's profile show it too). */
export { tallyText } from '../../lib/observations';
