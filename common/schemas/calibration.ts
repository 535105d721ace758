// The calibration contract (issue 28, item 5): a calibration session is one lesson (an educator, a time) that
// two or more observers observe with the same form; their completed observations (POST /api/observation with
// `calibration_id`) are compared item by item.
import * as z from 'zod/mini';
import { CALIBRATION_MESSAGES, CALIBRATION_NOTES_MAX, CALIBRATION_TITLE_MAX } from '../calibrationValues';
import { OBSERVATION_MESSAGES } from '../observationValues';
import { idField, optionalText, text, utcTimestamp } from './fields';
import { filterParam, listOf, optionalIsoDate, positiveId } from './query';

export * from '../calibrationValues';

/** POST /api/calibration-session. */
export const calibrationSessionSchema = z.object({
  title: text('Title', CALIBRATION_TITLE_MAX),
  form_id: idField(OBSERVATION_MESSAGES.formNotFound),
  staff_id: idField(OBSERVATION_MESSAGES.educatorNotFound),
  observed_at: utcTimestamp('Observed at'),
  notes: optionalText('Notes', CALIBRATION_NOTES_MAX),
});
export type CalibrationSessionInput = z.output<typeof calibrationSessionSchema>;

/** GET /api/calibration-session: the sessions the caller may read, newest first. */
export const calibrationListQuerySchema = z.object({
  filter: filterParam({
    form_id: listOf('Form', positiveId, 'Form must be an observation form ID.'),
    status: z._default(z.enum(['active', 'archived', 'all'], { error: 'Status must be active, archived or all.' }), 'active'),
  }, 'form_id and status'),
});

/** GET /api/calibration-agreement: one form's agreement over its sessions, by month and by pair of observers. */
export const calibrationAgreementQuerySchema = z.object({
  filter: filterParam({
    form_id: z.pipe(
      z.optional(z.string({ error: CALIBRATION_MESSAGES.formNeeded })),
      z.transform((v) => (v === undefined ? undefined : positiveId(v.trim()))),
    ).check(z.refine((v) => v !== undefined, CALIBRATION_MESSAGES.formNeeded)),
    from: optionalIsoDate('From'),
    to: optionalIsoDate('To'),
  }, 'form_id, from and to'),
});
