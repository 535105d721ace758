// The district's notes-privacy rule, shared by every place that shows coaching texts: interactions (their
// answers, copies and edits), the interactions export and a cycle's evidence notes. With the district's
// `shared_notes_visible_to_admins` on (the default) everyone who may read the record reads its shared
// texts; off, only the text's author, the record's coach and its educators (their linked logins) do.
// Private notes are another matter: only their author ever reads them.
import { NOTE_FIELD_KINDS } from '../../common/schemas/interactions';

/** Who is looking, and the district's setting. */
export interface Onlooker {
  userId: number;
  sharedNotesVisible: boolean;
}

/** The people a record's shared texts always belong to. */
export interface TextOwners {
  authorId: number | null;
  coachId: number;
  participantUserIds: readonly (number | null)[];
}

export function seesSharedTexts(who: Onlooker, owners: TextOwners): boolean {
  return who.sharedNotesVisible || owners.authorId === who.userId || owners.coachId === who.userId
    || owners.participantUserIds.includes(who.userId);
}

/** Whether a custom field value of this kind is one of the shared texts (other values stay visible for reports). */
export function isNoteFieldKind(kind: string): boolean {
  return (NOTE_FIELD_KINDS as readonly string[]).includes(kind);
}
