// How a failed request or a failed zod check becomes inline field errors and a form-level error.
// Pure (no React): useFormErrors (forms.ts) and the pre-rendered login page (client/app/loginPage.ts) share it.
import type * as z from 'zod/mini';
import { ApiError } from './api';

export type FieldErrorMap = Record<string, string | undefined>;

export interface FormErrors {
  fields: FieldErrorMap;
  form: string | null;
}

/** Shown when a request fails without a message of the server's (its Spanish: common/i18n/es/ui.json). */
export const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

let translate: (english: string) => string = (english) => english;

/**
 * How this module shows the texts it does not get from the server in the interface's language (issue 33): the
 * fallback above and the shared zod schemas' messages (English, keyed in common/i18n). The app sets client/lib/i18n's
 * tText (client/main.tsx); the pre-rendered login page its own small translator (client/app/loginPage.ts), so this
 * module stays free of the i18n library.
 */
export function setFormTextTranslator(next: (english: string) => string): void {
  translate = next;
}

/**
 * Maps a failed request to inline errors. A 422 gives the first message of each visible field;
 * messages for fields the form does not show (and any other failure) become the form-level error.
 */
export function toFormErrors(err: unknown, visibleFields: readonly string[]): FormErrors {
  if (!(err instanceof ApiError)) return { fields: {}, form: translate(FALLBACK_MESSAGE) };
  if (err.status !== 422) return { fields: {}, form: err.message || translate(FALLBACK_MESSAGE) };
  const fields: FieldErrorMap = {};
  const other: string[] = [];
  for (const name of Object.keys(err.errors)) {
    const message = err.field(name);
    if (!message) continue;
    if (visibleFields.includes(name)) fields[name] = message;
    else other.push(message);
  }
  const hasField = Object.keys(fields).length > 0;
  return { fields, form: other.length > 0 ? other.join(' ') : hasField ? null : err.message || translate(FALLBACK_MESSAGE) };
}

/** First message per field from a zod failure (the same rules the server applies), in the interface's language. */
export function zodFieldErrors(error: z.core.$ZodError): FieldErrorMap {
  const fields: FieldErrorMap = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? '');
    if (name && !fields[name]) fields[name] = translate(issue.message);
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
export function messageOf(err: unknown, fallback?: string): string {
  return err instanceof ApiError ? err.message : fallback ?? translate(FALLBACK_MESSAGE);
}
