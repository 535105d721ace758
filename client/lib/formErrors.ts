// How a failed request or a failed zod check becomes inline field errors and a form-level error.
// Pure (no React): useFormErrors (forms.ts) and the pre-rendered login page (client/app/loginPage.ts) share it.
import type * as z from 'zod/mini';
import { ApiError } from './api';

export type FieldErrorMap = Record<string, string | undefined>;

export interface FormErrors {
  fields: FieldErrorMap;
  form: string | null;
}

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/**
 * Maps a failed request to inline errors. A 422 gives the first message of each visible field;
 * messages for fields the form does not show (and any other failure) become the form-level error.
 */
export function toFormErrors(err: unknown, visibleFields: readonly string[]): FormErrors {
  if (!(err instanceof ApiError)) return { fields: {}, form: FALLBACK_MESSAGE };
  if (err.status !== 422) return { fields: {}, form: err.message || FALLBACK_MESSAGE };
  const fields: FieldErrorMap = {};
  const other: string[] = [];
  for (const name of Object.keys(err.errors)) {
    const message = err.field(name);
    if (!message) continue;
    if (visibleFields.includes(name)) fields[name] = message;
    else other.push(message);
  }
  const hasField = Object.keys(fields).length > 0;
  return { fields, form: other.length > 0 ? other.join(' ') : hasField ? null : err.message || FALLBACK_MESSAGE };
}

/** First message per field from a zod failure (the same rules the server applies). */
export function zodFieldErrors(error: z.core.$ZodError): FieldErrorMap {
  const fields: FieldErrorMap = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? '');
    if (name && !fields[name]) fields[name] = issue.message;
  }
  return fields;
}

/** A failed zod check as inline errors: messages of visible fields inline, any other as the form-level error. */
export function zodFormErrors(error: z.core.$ZodError, visibleFields: readonly string[]): FormErrors {
  const fields: FieldErrorMap = {};
  const other: string[] = [];
  for (const [name, message] of Object.entries(zodFieldErrors(error))) {
    if (visibleFields.includes(name)) fields[name] = message;
    else if (message) other.push(message);
  }
  return { fields, form: other.length > 0 ? other.join(' ') : null };
}

/** What a failed request says to show the person: the server's message, else `fallback` (a network failure, a bug). */
export function messageOf(err: unknown, fallback = FALLBACK_MESSAGE): string {
  return err instanceof ApiError ? err.message : fallback;
}
