// Field schemas every request schema builds on (zod/mini): named, trimmed text, email, a new password
// with its confirmation, a timezone. Each message names the field, so the server's 422 and the
// client's instant check read the same.
import * as z from 'zod/mini';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { isTimeZone } from '../zone';

export const required = (label: string) => `${label} is required.`;

/** A trimmed, non-empty string with a maximum length; every message names the field. */
export const text = (label: string, max = 120) =>
  z.string({ error: required(label) }).check(
    z.trim(),
    z.minLength(1, required(label)),
    z.maxLength(max, `${label} must be at most ${max} characters.`),
  );

/** A string that must not be empty (not trimmed: passwords and tokens are taken as typed). */
export const requiredString = (message: string) => z.string({ error: message }).check(z.minLength(1, message));

export const emailField = z.pipe(text('Email', 254), z.email('Enter a valid email address.'));

export const newPasswordField = z.string({ error: required('Password') }).check(
  z.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`),
  z.maxLength(200, 'Password must be at most 200 characters.'),
);

export const passwordConfirmationField = z.string({ error: 'Confirm your password.' });

/** On an object with `password` and `password_confirmation`: the two must match. */
export const passwordsMatch = z.refine<{ password: string; password_confirmation: string }>((v) => v.password === v.password_confirmation, {
  message: 'The passwords do not match.',
  path: ['password_confirmation'],
});

export { isTimeZone };

export const timeZoneField = z.string({ error: required('Timezone') }).check(z.refine(isTimeZone, 'Choose a valid timezone.'));

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/;

/** True for an ISO-8601 timestamp in UTC ("2026-09-01T07:00:00.000Z") that names a real instant. */
export function isUtcTimestamp(value: string): boolean {
  if (!ISO_UTC.test(value)) return false;
  const time = Date.parse(value);
  // Date.parse rolls 2026-02-30 over to March: compare the calendar date back.
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value.slice(0, 10);
}

export const utcTimestamp = (label: string) =>
  z.pipe(
    z.string({ error: `${label} is required.` }).check(
      z.minLength(1, `${label} is required.`),
      z.refine(isUtcTimestamp, `${label} must be a UTC timestamp (ISO 8601).`),
    ),
    // One stored form: "2026-09-01T07:00:00.000Z".
    z.transform((v) => new Date(v).toISOString()),
  );
