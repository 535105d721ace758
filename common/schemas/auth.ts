// Request schemas shared by the server (validation) and the client (instant form checks and types).
// zod/mini keeps the client bundle small: its functional checks tree-shake, classic zod does not.
import * as z from 'zod/mini';
import { DATE_LOCALES, PASSWORD_MIN_LENGTH, US_STATES } from '../constants';

const required = (label: string) => `${label} is required.`;

/** A trimmed, non-empty string with a maximum length; every message names the field. */
export const text = (label: string, max = 120) =>
  z.string({ error: required(label) }).check(
    z.trim(),
    z.minLength(1, required(label)),
    z.maxLength(max, `${label} must be at most ${max} characters.`),
  );

export const emailField = z.pipe(text('Email', 254), z.email('Enter a valid email address.'));

export const newPasswordField = z.string({ error: required('Password') }).check(
  z.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`),
  z.maxLength(200, 'Password must be at most 200 characters.'),
);

const confirmation = z.string({ error: 'Confirm your password.' });
const passwordsMatch = z.refine<{ password: string; password_confirmation: string }>((v) => v.password === v.password_confirmation, {
  message: 'The passwords do not match.',
  path: ['password_confirmation'],
});

const requiredString = (message: string) => z.string({ error: message }).check(z.minLength(1, message));

export const areaField = z._default(z.enum(['app', 'admin'], { error: 'Area must be app or admin.' }), 'app');

export const loginSchema = z.object({
  email: emailField,
  password: requiredString(required('Password')),
  area: areaField,
});

export const registerSchema = z.object({
  district_name: text('District name'),
  state: z.string({ error: required('State') }).check(z.refine((s) => s in US_STATES, 'Choose a US state.')),
  name: text('Your name'),
  email: emailField,
  password: newPasswordField,
  password_confirmation: confirmation,
}).check(passwordsMatch);

export const passwordResetRequestSchema = z.object({ email: emailField, area: areaField });

export const passwordResetSchema = z.object({
  token: requiredString('The reset link is incomplete.'),
  email: emailField,
  password: newPasswordField,
  password_confirmation: confirmation,
}).check(passwordsMatch);

export const acceptInviteSchema = z.object({
  name: text('Your name'),
  password: newPasswordField,
  password_confirmation: confirmation,
}).check(passwordsMatch);

export const impersonateSchema = z.object({
  user_id: z.number({ error: 'User is required.' }).check(
    z.refine(Number.isInteger, 'User must be a whole number.'),
    z.positive('User is required.'),
  ),
});

export const accountProfileSchema = z.object({
  name: text('Name'),
  date_locale: z.string({ error: required('Date language') }).check(z.refine((l) => l in DATE_LOCALES, 'Choose a date language from the list.')),
  timezone: z.string({ error: required('Timezone') }).check(z.refine(isTimeZone, 'Choose a valid timezone.')),
});

export const accountEmailSchema = z.object({
  email: emailField,
  current_password: requiredString('Enter your current password to change your email.'),
});

export const accountPasswordSchema = z.object({
  current_password: requiredString('Enter your current password.'),
  password: newPasswordField,
  password_confirmation: confirmation,
}).check(passwordsMatch);

export const clientErrorSchema = z.object({
  message: text('Message', 2000),
  stack: z.nullish(z.string().check(z.maxLength(10_000, 'Stack must be at most 10000 characters.'))),
  url: z.nullish(z.string().check(z.maxLength(2000, 'URL must be at most 2000 characters.'))),
});

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz.length > 0;
  } catch {
    return false;
  }
}

export type LoginInput = z.input<typeof loginSchema>;
export type RegisterInput = z.input<typeof registerSchema>;
