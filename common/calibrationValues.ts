// Observer calibration (issue 28, item 5): the values and messages the server and the screens share (no zod,
// so the screens' first paint does not load it). common/schemas/calibration.ts builds its schemas on these.

export const CALIBRATION_TITLE_MAX = 120;
export const CALIBRATION_NOTES_MAX = 2000;

/** The item kinds whose answers two observers are compared on: rating (exact and within one level), look_for and choice (exact). */
export const CALIBRATED_KINDS = ['look_for', 'rating', 'choice'] as const;

export const CALIBRATION_MESSAGES = {
  notFound: 'This calibration session does not exist.',
  /** An observation naming a session that is not its district's, of another form or educator, or archived. */
  sessionNotFound: 'Choose a calibration session of your district.',
  alreadyObserved: 'You have already observed this calibration session.',
  archived: 'This calibration session is archived.',
  notArchived: 'This calibration session is not archived.',
  cannotArchive: 'Only the person who set up this calibration session, or a district administrator, can archive it.',
  formNeeded: 'Choose an observation form.',
} as const;
