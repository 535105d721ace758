// Request schemas of the sign-in screens and auth calls, shared by the server (validation) and the
// client (instant form checks and types). zod/mini keeps the client bundle small: its functional
// checks tree-shake, classic zod does not. Field schemas other features reuse live in ./fields.
import * as z from 'zod/mini';
import { US_STATES } from '../constants';
import { LANGUAGE_CHOICE, LOCALES } from '../locales';
import { emailField, isTimeZone, newPasswordField, passwordConfirmationField, passwordsMatch, required, requiredString, text } from './fields';

export const areaField = z._default(z.enum(['app', 'admin'], { error: 'Area must be app or admin.' }), 'app');

export const loginSchema = z.object({
  email: emailField,
  password: requiredString(required('Password')),
  area: areaField,
});

export const registerSchema = z.object({
  district_name: text('District name'),
  state: z.string({ error: required('State') }).check(z.refine((s) => s in US_STATES, 'Choose a US state.')),
  // Optional: missing or '' is the state's main zone (common/stateZones.ts), which the form shows.
  timezone: z.optional(z.string({ error: 'Choose a valid timezone.' }).check(
    z.refine((v) => v === '' || (v.length <= 64 && isTimeZone(v)), 'Choose a valid timezone.'),
  )),
  name: text('Your name'),
  email: emailField,
  password: newPasswordField,
  password_confirmation: passwordConfirmationField,
  /**
   * The district's language (issue 33): its people's language until they choose their own, and the language its
   * interaction types, skill framework and cycle stages start in. Missing: the registering guest's language.
   */
  language: z.optional(z.enum(LOCALES, { error: LANGUAGE_CHOICE })),
}).check(passwordsMatch);

export const passwordResetRequestSchema = z.object({ email: emailField, area: areaField });

export const passwordResetSchema = z.object({
  token: requiredString('The reset link is incomplete.'),
  email: emailField,
  password: newPasswordField,
  password_confirmation: passwordConfirmationField,
}).check(passwordsMatch);

export const acceptInviteSchema = z.object({
  name: text('Your name'),
  password: newPasswordField,
  password_confirmation: passwordConfirmationField,
}).check(passwordsMatch);

export const impersonateSchema = z.object({
  user_id: z.number({ error: 'User is required.' }).check(
    z.refine(Number.isInteger, 'User must be a whole number.'),
    z.positive('User is required.'),
  ),
});

export type LoginInput = z.input<typeof loginSchema>;
export type RegisterInput = z.input<typeof registerSchema>;
