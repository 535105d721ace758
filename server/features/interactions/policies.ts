// Who may read and change interactions and activities. Reading follows `see activity` (district = all;
// `.building` = held at the caller's schools or with an educator currently at one of them; `.self` =
// the caller's own), plus, for every scope, the interactions the caller coaches or authored. An educator
// without `see activity` (`see educators.self`) reads only the interactions they took part in. Writing
// needs `see activity`; changing one interaction needs to be its coach, its author or district-wide.
// What a reader may see *of* one interaction is `interactionSight`, the one rule every answer, copy and
// edit applies.
import type { Request } from 'express';
import { INTERACTION_MESSAGES } from '../../../common/schemas/interactions';
import { PERMISSIONS } from '../../../common/permissions';
import { coachingReach, isCoachOrAuthor, type Visibility } from '../../access/coachingReach';
import { type DistrictAuth, districtActor, requireDistrict, type Scope } from '../../access/guards';
import { isNoteFieldKind, type Onlooker, seesSharedTexts } from '../../access/notesPrivacy';
import { forbidden } from '../../http/errors';
import type { DistrictActor } from '../../lib/audit';

/** What an interaction reader may see, as data the queries apply (`participant`: an educator's own participations). */
export type { Visibility };

export interface Reader {
  auth: DistrictAuth;
  visibility: Visibility;
  /** The caller's `see educators` scope: which educators they may name as participants (null: none). */
  staffScope: Scope | null;
  /** True for a `see activity` holder (may write); false for an educator reading their own coaching. */
  logs: boolean;
}

/** 401 for guests, 403 for provider staff outside a district and for anyone without a way to read. */
export function interactionReader(req: Request): Reader {
  const auth = requireDistrict(req);
  const { visibility, staffScope, leads } = coachingReach(auth, PERMISSIONS.seeActivity);
  return { auth, visibility, staffScope, logs: leads };
}

/** A `see activity` holder who logs interactions and time (403 for everyone else). */
export function interactionWriter(req: Request): Reader & { actor: DistrictActor } {
  const reader = interactionReader(req);
  if (!reader.logs) throw forbidden();
  return { ...reader, actor: districtActor(req) };
}

/** Activities ("Log time"): `see activity` only, educators included in the 403. */
export const activityReader = interactionWriter;

/** The caller may edit, complete, cancel, duplicate and delete it. */
export function canEditInteraction(reader: Reader, row: { coach_id: number; created_by: number | null }): boolean {
  return reader.logs && isCoachOrAuthor(reader.visibility, reader.auth.user.id, row);
}

export function requireEditableInteraction(reader: Reader, row: { coach_id: number; created_by: number | null }): void {
  if (!canEditInteraction(reader, row)) throw forbidden(INTERACTION_MESSAGES.cannotEdit);
}

/** Activities are their user's own: only they change them. */
export function canEditActivity(reader: Reader, row: { user_id: number }): boolean {
  return reader.logs && row.user_id === reader.auth.user.id;
}

// ---- What a reader may see of one interaction -------------------------------------------------------

/**
 * What one reader may see of one interaction. The one rule that the presenter (every answer), the
 * duplicate (what a copy takes) and the update (what an edit may change) all apply:
 * - `sharedTexts`: notes, next steps and text-kind custom field values. With the district's
 *   `shared_notes_visible_to_admins` on (the default), everyone who may read the interaction; off, only
 *   its author, its coach and the participating educators (their linked logins);
 * - `privateNotes`: only the author.
 * What a reader may not see is answered as null (text field values left out, private notes' key absent),
 * is never copied by them and keeps its stored value when they save the interaction.
 */
export interface Sight {
  sharedTexts: boolean;
  privateNotes: boolean;
  /** Whether a custom field value of this kind is seen (non-text values stay visible for reports). */
  seesField: (kind: string) => boolean;
}

export function interactionSight(
  who: Onlooker, row: { created_by: number | null; coach_id: number }, participantUserIds: readonly (number | null)[],
): Sight {
  const sharedTexts = seesSharedTexts(who, { authorId: row.created_by, coachId: row.coach_id, participantUserIds });
  return { sharedTexts, privateNotes: row.created_by === who.userId, seesField: (kind) => sharedTexts || !isNoteFieldKind(kind) };
}
