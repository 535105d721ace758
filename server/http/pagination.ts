import { z } from 'zod/mini';
import { validate } from './validate';

export const MAX_PER_PAGE = 100;

const pageSchema = z.object({
  page: z._default(z.coerce.number({ error: 'Page must be a number.' }).check(z.refine(Number.isInteger, 'Page must be a whole number.'), z.minimum(1, 'Page must be at least 1.')), 1),
  per_page: z._default(
    z.coerce.number({ error: 'Per page must be a number.' }).check(
      z.refine(Number.isInteger, 'Per page must be a whole number.'),
      z.minimum(1, 'Per page must be at least 1.'),
      z.maximum(MAX_PER_PAGE, `Per page must be at most ${MAX_PER_PAGE}.`),
    ),
    25,
  ),
});

/** `page` and `per_page` from a query string, validated (422 naming the field). */
export function parsePage(query: unknown): { page: number; perPage: number; offset: number } {
  const q = (query ?? {}) as Record<string, unknown>;
  const { page, per_page } = validate(pageSchema, { page: q.page, per_page: q.per_page });
  return { page, perPage: per_page, offset: (page - 1) * per_page };
}

export function pageMeta(page: number, perPage: number, total: number) {
  return { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}
