import type * as z from 'zod/mini';
import { validationError, type FieldErrors } from './errors';

/** Parses input with a shared schema; a failure becomes a 422 whose errors name each field. */
export function validate<S extends z.ZodMiniType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    (errors[field] ??= []).push(issue.message);
  }
  throw validationError(errors);
}
