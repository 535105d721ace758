// Account Settings requests (PUT /api/account/profile, /email, /password; POST /api/account/email/confirm).
import * as z from 'zod/mini';
import { DATE_LOCALES } from '../constants';
import { LOCALES } from '../locales';
import { emailField, newPasswordField, passwordConfirmationField, passwordsMatch, required, requiredString, text, timeZoneField } from './fields';

export const LOCALE_CHOICE = 'Choose English or Español as your language.';

export const accountProfileSchema = z.object({
  name: text('Name'),
  date_locale: z.string({ error: required('Date language') }).check(z.refine((l) => l in DATE_LOCALES, 'Choose a date language from the list.')),
  timezone: timeZoneField,
  /** Absent: unchanged. The interface language (issue 33). */
  locale: z.optional(z.enum(LOCALES, { error: LOCALE_CHOICE })),
});

export const accountEmailSchema = z.object({
  email: emailField,
  current_password: requiredString('Enter your current password to change your email.'),
});

export const accountPasswordSchema = z.object({
  current_password: requiredString('Enter your current password.'),
  password: newPasswordField,
  password_confirmation: passwordConfirmationField,
}).check(passwordsMatch);

/**
 * PUT /api/account/preferences: the signed-in person's own email preferences. `action_step_digest`: the weekly
 * email of their action steps (issue 29; on by default, sent to educators only).
 */
export const ACCOUNT_PREFERENCE_MESSAGES = {
  actionStepDigest: 'Weekly email of my action steps must be true or false.',
} as const;
export const accountPreferencesSchema = z.object({
  action_step_digest: z.boolean({ error: ACCOUNT_PREFERENCE_MESSAGES.actionStepDigest }),
});
export type AccountPreferencesInput = z.infer<typeof accountPreferencesSchema>;

/** POST /api/account/email/confirm: the token from the link sent to the new address. */
export const confirmEmailChangeSchema = z.object({
  token: z.string({ error: 'The confirmation link is incomplete.' }).check(
    z.minLength(1, 'The confirmation link is incomplete.'), z.maxLength(200, 'The confirmation link is incomplete.'),
  ),
});

/** Account Settings answers (security finding 12: a new email is confirmed from its inbox). */
export const ACCOUNT_MESSAGES = {
  emailChangeSent: (email: string) =>
    `Check your inbox at ${email}: follow the link we sent there to confirm the change. Until then you keep signing in with your current email.`,
  emailChanged: (email: string) => `Your email is now ${email}. Other devices have been signed out.`,
  emailChangeInvalid: 'This confirmation link is invalid or has expired. Change your email again from Account Settings.',
  emailTakenMeanwhile: 'Another account now uses this email, so it cannot become yours. Choose another one in Account Settings.',
  emailUnchanged: 'This is already your email.',
  emailTaken: 'Another account already uses this email.',
  tooManyEmailChanges: 'You have asked to change your email several times today. Please try again tomorrow.',
} as const;

/** PUT /api/account/email answer (202). */
export interface EmailChangePending {
  message: string;
  pending_email: string;
}

/** POST /api/account/email/confirm answer. */
export interface EmailChangeConfirmed {
  message: string;
  email: string;
}
