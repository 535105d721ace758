// Work without a signal (issue 31): the server's side of syncing, zod-free so the outbox and the service worker
// can read it without loading zod.
// - A create (POST /api/interaction, /api/observation, /api/action-step) may carry `client_id`, a lower-case UUID
//   the device made for the record. A repeat with the same client id by the same person in the same district
//   answers the record already made (200; the first answer is 201), never a second record.
// - An edit (PUT of the same three) may carry `base_updated_at`, the `updated_at` of the version the edit started
//   from. When the record's `updated_at` differs, the answer is 409 with code `edit_conflict` and nothing changes.

export const CLIENT_ID_MESSAGE = 'Client ID must be a UUID.';
export const EDIT_CONFLICT_MESSAGE = 'This record changed since you started editing it.';
/** The `code` of the 409 an edit from an older version answers (the other 409s say `conflict`). */
export const EDIT_CONFLICT_CODE = 'edit_conflict';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A client id as the server takes it: a UUID written in lower case (what `crypto.randomUUID()` makes). */
export const isClientId = (value: string): boolean => UUID.test(value);
