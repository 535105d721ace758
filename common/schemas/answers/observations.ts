// The observation areas' answers (issue 28): observations (server/features/interactions/observations/presenter.ts),
// observation forms (formPresenter.ts), observer calibration (calibrationPresenter.ts) and the walkthrough report
// (GET /api/report/walkthroughs: server/features/reports/queries/walkthroughs.ts). What a reader may not see is null or
// absent: an observation's answers, notes and text answers as its ObservationSight allows, `private_notes` only in its
// observer's answer; a draft is only ever its observer's.
import * as z from 'zod/mini';
import { CALIBRATED_KINDS } from '../../calibrationValues';
import { INTERACTION_COLOUR_KEYS } from '../../interactionValues';
import { OBSERVATION_ITEM_KINDS, OBSERVATION_STATUSES } from '../../observationValues';
import type { ObservationForm, ObservationFormItem } from '../observationForms';
import type { WalkthroughsReport } from '../reports';
import { day, id, instant, ref, type SameShape } from './shapes';

const count = z.number();
const rate = z.nullable(z.number());

export const observationFormItemAnswer = z.strictObject({
  id,
  lineage_id: id,
  position: z.number(),
  section: z.nullable(z.string()),
  label: z.string(),
  kind: z.enum(OBSERVATION_ITEM_KINDS),
  required: z.boolean(),
  options: z.nullable(z.array(z.string())),
  multiple: z.nullable(z.boolean()),
  scale: z.nullable(z.number()),
  skill: z.nullable(ref),
});
export type ObservationFormItemAnswer = z.infer<typeof observationFormItemAnswer>;
export const observationFormItemAnswerMatches: SameShape<ObservationFormItemAnswer, ObservationFormItem> = true;

export const observationFormAnswer = z.strictObject({
  id,
  name: z.string(),
  description: z.nullable(z.string()),
  builtin: z.boolean(),
  version: z.number(),
  archived_at: z.nullable(instant),
  updated_at: instant,
  interaction_type: z.strictObject({ id, name: z.string(), colour: z.enum(INTERACTION_COLOUR_KEYS) }),
  observation_count: count,
  items: z.array(observationFormItemAnswer),
});
export type ObservationFormAnswer = z.infer<typeof observationFormAnswer>;
export const observationFormAnswerMatches: SameShape<ObservationFormAnswer, ObservationForm> = true;

const observationSummaryFields = {
  id,
  status: z.enum(OBSERVATION_STATUSES),
  /** The form's name in the version the observation was made with. */
  form: z.strictObject({ id, name: z.string(), version: z.number() }),
  educator: ref,
  observer: ref,
  school: z.nullable(ref),
  observed_at: instant,
  duration_minutes: z.number(),
  /** The interaction written when it was completed; null for a draft. */
  interaction_id: z.nullable(id),
  /** The calibration session it was made in, else null. */
  calibration_id: z.nullable(id),
  shared: z.nullable(z.strictObject({ at: instant, answers: z.boolean(), notes: z.boolean() })),
  acknowledged_at: z.nullable(instant),
  updated_at: instant,
  /** The device's UUID it was made with offline (issue 31), else null. */
  client_id: z.nullable(z.string()),
  /** Seen of the look-fors answered seen or not seen; null when the answers are not the reader's to see. */
  look_fors: z.nullable(z.strictObject({ seen: count, applicable: count })),
};

/** A row of GET /api/observation. */
export const observationSummaryAnswer = z.strictObject(observationSummaryFields);
export type ObservationSummaryAnswer = z.infer<typeof observationSummaryAnswer>;

/** An answer's value: a look-for's yes/no/na, a rating or number, a choice (several options: a list), a text. */
export const observationValueAnswer = z.nullable(z.union([z.string(), z.number(), z.array(z.string())]));
export type ObservationValueAnswer = z.infer<typeof observationValueAnswer>;

/** One observation, whole, as the reader may see it. */
export const observationAnswer = z.strictObject({
  ...observationSummaryFields,
  items: z.array(observationFormItemAnswer),
  answers: z.nullable(z.array(z.strictObject({ item_id: id, value: observationValueAnswer, evidence: z.nullable(z.string()) }))),
  notes: z.nullable(z.string()),
  next_steps: z.nullable(z.string()),
  /** Only in the observer's own answer. */
  private_notes: z.optional(z.nullable(z.string())),
  reflection: z.nullable(z.string()),
  can_edit: z.boolean(),
  /** Its calibration session, when the reader may read that session; else null. */
  calibration: z.nullable(z.strictObject({ id, title: z.string() })),
});
export type ObservationAnswer = z.infer<typeof observationAnswer>;

/** GET /api/observation/observers: a person who may observe. */
export const observerAnswer = ref;
export type ObserverAnswer = z.infer<typeof observerAnswer>;

// Calibration: each figure is counts and rates (null when nothing was compared).
const tally = {
  compared: count, exact: count, exact_rate: rate, rating_compared: count, within_one: count, within_one_rate: rate,
};
export const agreementTallyAnswer = z.strictObject(tally);
export type AgreementTallyAnswer = z.infer<typeof agreementTallyAnswer>;
const agreementFields = {
  overall: agreementTallyAnswer,
  /** Per item, by lineage, in the form's order. */
  items: z.array(z.strictObject({ lineage_id: id, label: z.string(), kind: z.enum(CALIBRATED_KINDS), section: z.nullable(z.string()), ...tally })),
  /** Per pair of observers, with the count of sessions they both observed. */
  pairs: z.array(z.strictObject({ observers: z.tuple([ref, ref]), sessions: count, ...tally })),
  /** Per month of the sessions (YYYY-MM, the district's clock). */
  months: z.array(z.strictObject({ month: z.string(), sessions: count, ...tally })),
};
export const agreementAnswer = z.strictObject(agreementFields);
export type AgreementAnswer = z.infer<typeof agreementAnswer>;

const calibrationSessionFields = {
  id,
  title: z.string(),
  notes: z.nullable(z.string()),
  observed_at: instant,
  form: ref,
  educator: ref,
  school: z.nullable(ref),
  created_by: z.nullable(ref),
  created_at: instant,
  archived_at: z.nullable(instant),
  /** The observers whose completed observation counts, in the order they completed it. */
  observers: z.array(ref),
  /** The caller's own observation in the session (a draft too). */
  my_observation: z.nullable(z.strictObject({ id, status: z.enum(OBSERVATION_STATUSES) })),
  can_archive: z.boolean(),
};
/** A row of GET /api/calibration-session. */
export const calibrationSessionSummaryAnswer = z.strictObject(calibrationSessionFields);
export type CalibrationSessionSummaryAnswer = z.infer<typeof calibrationSessionSummaryAnswer>;
/** One session with its agreement. */
export const calibrationSessionAnswer = z.strictObject({ ...calibrationSessionFields, agreement: agreementAnswer });
export type CalibrationSessionAnswer = z.infer<typeof calibrationSessionAnswer>;
/** GET /api/calibration-agreement: one form's sessions (archived too) the caller may read. */
export const calibrationAgreementAnswer = z.strictObject({ form: ref, sessions: count, ...agreementFields });
export type CalibrationAgreementAnswer = z.infer<typeof calibrationAgreementAnswer>;

/** GET /api/report/walkthroughs: one form over all its versions (items followed by lineage). */
export const walkthroughsReportAnswer = z.strictObject({
  range: z.strictObject({ from: day, to: day, timezone: z.string() }),
  form: z.strictObject({ id, name: z.string(), versions: count }),
  forms: z.array(z.strictObject({ id, name: z.string(), archived: z.boolean() })),
  headline: z.strictObject({ observations: count, educators: count, classrooms: count, look_for_rate: rate }),
  items: z.array(z.strictObject({
    lineage_id: id,
    label: z.string(),
    section: z.nullable(z.string()),
    kind: z.enum(OBSERVATION_ITEM_KINDS),
    answered: count,
    seen: z.nullable(count),
    not_seen: z.nullable(count),
    not_applicable: z.nullable(count),
    rate,
    average: z.nullable(z.number()),
    scale: z.nullable(z.number()),
    distribution: z.array(z.strictObject({ value: z.string(), count })),
  })),
  months: z.array(z.strictObject({ month: z.string(), observations: count, look_for_rate: rate })),
  /** Per school (id null for observations without one); `items` each look-for's rate there, by lineage id. */
  schools: z.array(z.strictObject({
    id: z.nullable(id), name: z.string(), observations: count, educators: count, look_for_rate: rate, items: z.record(z.string(), z.nullable(z.number())),
  })),
});
export type WalkthroughsReportAnswer = z.infer<typeof walkthroughsReportAnswer>;
export const walkthroughsReportAnswerMatches: SameShape<WalkthroughsReportAnswer, WalkthroughsReport> = true;
