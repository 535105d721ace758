// Field schemas every request schema builds on (zod/mini): named, trimmed text, email, a new password
// with its confirmation, a timezone. Each message names the field, so the server's 422 and the
// client's instant check read the same.
import * as z from 'zod/mini';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { CLIENT_ID_MESSAGE, isClientId } from '../syncValues';
import { isTimeZone } from '../zone';
import { isIsoDate } from './query';

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

/**
 * An optional string in a JSON body: absent, null or blank becomes null, anything else is trimmed and must
 * pass `valid` (else `message`); `typeMessage` answers a value that is not a string.
 */
export const optionalTrimmed = (typeMessage: string, valid: (v: string) => boolean, message: string) =>
  z.pipe(
    z.optional(z.nullable(z.string({ error: typeMessage }))),
    z.transform((v) => (v == null || v.trim() === '' ? null : v.trim())),
  ).check(z.refine((v) => v === null || valid(v), message));

/** Optional text: trimmed, empty becomes null, at most `max` characters; the message names the field. */
export const optionalText = (label: string, max = 120) =>
  optionalTrimmed(`${label} must be text.`, (v) => v.length <= max, `${label} must be at most ${max} characters.`);

/** The id of a record in a JSON body: a positive whole number, else `message` (missing and wrong read the same). */
export const idField = (message: string) =>
  z.number({ error: message }).check(z.refine((n) => Number.isInteger(n) && n > 0, message));

/** An optional id in a JSON body: absent or null becomes null. */
export const optionalIdField = (message: string) => z.pipe(z.optional(z.nullable(idField(message))), z.transform((v) => v ?? null));

/** A list of ids in a JSON body (absent: empty), at most `max` of them. */
export const idListField = (label: string, message: string, max: number) =>
  z._default(
    z.array(idField(message), { error: `${label} must be a list.` }).check(z.maxLength(max, `${label} can list at most ${max}.`)),
    [],
  );

/** A required calendar date `YYYY-MM-DD` in a JSON body. */
export const dateField = (label: string, typeMessage = `${label} must be a date (YYYY-MM-DD).`) =>
  z.string({ error: typeMessage }).check(z.refine(isIsoDate, `${label} must be a date (YYYY-MM-DD).`));

/**
 * A create's `client_id` (issue 31, common/syncValues.ts): absent or null is none; anything else must be a
 * lower-case UUID.
 */
export const clientIdField = z.pipe(
  z.optional(z.nullable(z.string({ error: CLIENT_ID_MESSAGE }))),
  z.transform((v) => v ?? null),
).check(z.refine((v) => v === null || isClientId(v), CLIENT_ID_MESSAGE));

/**
 * An edit's `base_updated_at` (issue 31): the `updated_at` of the version the edit started from, a UTC
 * timestamp; absent or null: the edit is not checked against the stored version.
 */
const BASE_UPDATED_AT_MESSAGE = 'Base updated at must be a UTC timestamp (ISO 8601).';
export const baseUpdatedAtField = z.pipe(
  z.optional(z.nullable(z.string({ error: BASE_UPDATED_AT_MESSAGE }))),
  z.transform((v) => v ?? null),
).check(z.refine((v) => v === null || isUtcTimestamp(v), BASE_UPDATED_AT_MESSAGE));
