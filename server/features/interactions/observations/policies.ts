// Who may read and write observations (issue 28). Observing follows the interactions' rules, because an
// observation is an interaction: a `see activity` holder observes educators their `see educators` scope
// reaches (coaches and principals their schools' educators, district administrators everyone) and reads the
// completed observations `see activity` lets them read (district-wide, their schools', or their own), plus
// their own drafts. A draft is its observer's alone. An educator (`see educators.self`) reads only the
// completed observations of themselves that were shared with them, and only what was shared.
// Only the observer changes, shares or deletes an observation; only the observed educator acknowledges it.
import { OBSERVATION_MESSAGES } from '../../../../common/schemas/observations';
import { forbidden } from '../../../http/errors';
import { seesSharedTexts } from '../../../access/notesPrivacy';
import { interactionReader, interactionWriter, type Reader } from '../policies';

export type ObservationReader = Reader;
export const observationReader = interactionReader;
export const observationWriter = interactionWriter;

/** The observer, who alone changes, completes, shares and deletes it. */
export function requireObserver(reader: Reader, row: { observer_id: number }): void {
  if (row.observer_id !== reader.auth.user.id) throw forbidden(OBSERVATION_MESSAGES.cannotEdit);
}

/**
 * What one reader sees of one observation: the observer everything (private notes too); the observed
 * educator what was shared; anyone else who may read it the answers, and the notes and text answers under
 * the district's notes-privacy rule. Private notes are never anyone else's.
 */
export interface ObservationSight {
  answers: boolean;
  texts: boolean;
  privateNotes: boolean;
  /** The educator's reflection and acknowledgement. */
  reflection: boolean;
}

export function observationSight(
  reader: Reader, sharedNotesVisible: boolean,
  row: { observer_id: number; share_answers: number; share_notes: number; shared_at: string | null }, educatorUserId: number | null,
): ObservationSight {
  const userId = reader.auth.user.id;
  if (row.observer_id === userId) return { answers: true, texts: true, privateNotes: true, reflection: true };
  if (educatorUserId === userId) {
    const shared = row.shared_at !== null;
    return { answers: shared && row.share_answers === 1, texts: shared && row.share_notes === 1, privateNotes: false, reflection: shared };
  }
  const texts = seesSharedTexts({ userId, sharedNotesVisible }, { authorId: row.observer_id, coachId: row.observer_id, participantUserIds: [educatorUserId] });
  return { answers: true, texts, privateNotes: false, reflection: true };
}
