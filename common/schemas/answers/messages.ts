// The small answers of sign-in, account and support calls: a confirmation for a person to read, and what
// an invitation or an account-migration link says before it is accepted. The routes build them inline,
// checked with `satisfies` against these types.
import * as z from 'zod/mini';
import type { SupportRequestAnswer } from '../support';
import type { MigrationDetails, MigrationResult } from '../users';
import { instant, type SameShape } from './shapes';

/** `{ message }`: a confirmation for a person to read. */
export const messageAnswer = z.strictObject({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswer>;

/** POST /api/auth/password-reset/confirm: done, and the area to sign in at. */
export const passwordResetDoneAnswer = z.strictObject({ message: z.string(), area: z.enum(['app', 'admin']) });
export type PasswordResetDoneAnswer = z.infer<typeof passwordResetDoneAnswer>;

/** GET and PUT /api/account/preferences: the signed-in person's own email preferences. */
export const accountPreferencesAnswer = z.strictObject({ action_step_digest: z.boolean() });
export type AccountPreferencesAnswer = z.infer<typeof accountPreferencesAnswer>;

/** PUT /api/account/email: a confirmation link went to the new address. */
export const emailChangeSentAnswer = z.strictObject({ message: z.string(), pending_email: z.string() });
export type EmailChangeSentAnswer = z.infer<typeof emailChangeSentAnswer>;

/** POST /api/account/email/confirm: the login's email now. */
export const emailChangedAnswer = z.strictObject({ message: z.string(), email: z.string() });
export type EmailChangedAnswer = z.infer<typeof emailChangedAnswer>;

/** GET /api/auth/invite/{token}: who invited whom to which district (null for Coachwell's staff). */
export const inviteDetailsAnswer = z.strictObject({
  email: z.string(),
  name: z.string(),
  area: z.enum(['app', 'admin']),
  district: z.nullable(z.strictObject({ name: z.string() })),
  invited_by: z.nullable(z.strictObject({ name: z.string() })),
  expires_at: instant,
});
export type InviteDetailsAnswer = z.infer<typeof inviteDetailsAnswer>;

/** GET /api/account-migration/{token}: the login, the district inviting it, who invited. */
export const migrationDetailsAnswer = z.strictObject({
  email: z.string(),
  district: z.strictObject({ name: z.string() }),
  invited_by: z.nullable(z.strictObject({ name: z.string() })),
  expires_at: instant,
});
export type MigrationDetailsAnswer = z.infer<typeof migrationDetailsAnswer>;
export const migrationDetailsAnswerMatches: SameShape<MigrationDetailsAnswer, MigrationDetails> = true;

/** POST /api/account-migration/{token}: moved; where to sign in now. */
export const migrationResultAnswer = z.strictObject({ message: z.string(), district: z.strictObject({ name: z.string() }) });
export type MigrationResultAnswer = z.infer<typeof migrationResultAnswer>;
export const migrationResultAnswerMatches: SameShape<MigrationResultAnswer, MigrationResult> = true;

/** POST /api/support-request: sent, to which address, and where the reply will come. */
export const supportRequestSentAnswer = z.strictObject({ message: z.string(), sent_to: z.string(), reply_to: z.string() });
export type SupportRequestSentAnswer = z.infer<typeof supportRequestSentAnswer>;
export const supportRequestSentAnswerMatches: SameShape<SupportRequestSentAnswer, SupportRequestAnswer> = true;

/** GET /api/health and /api/health/ready: `ok` and `ready` (a 503 answers `unavailable` with a message). */
export const healthAnswer = z.strictObject({ status: z.enum(['ok', 'ready']) });
export type HealthAnswer = z.infer<typeof healthAnswer>;
