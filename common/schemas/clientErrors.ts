// POST /api/client-error: a browser error report.
import * as z from 'zod/mini';
import { text } from './fields';

export const clientErrorSchema = z.object({
  message: text('Message', 2000),
  stack: z.nullish(z.string().check(z.maxLength(10_000, 'Stack must be at most 10000 characters.'))),
  url: z.nullish(z.string().check(z.maxLength(2000, 'URL must be at most 2000 characters.'))),
});
