import { daysBetween } from '../lib/zone';
import { validationError, type FieldErrors } from './errors';

export const MAX_PER_PAGE = 100;
/**
 * A dated list (interactions, logged time) read for a short range answers up to this many per page, so
 * a screen's week comes whole in one request (the Activity week view); still a bounded read.
 */
export const MAX_PER_PAGE_SHORT_RANGE = 1000;
/** The longest filter[from]..filter[to] range, in days inclusive, that MAX_PER_PAGE_SHORT_RANGE applies to. */
export const SHORT_RANGE_DAYS = 7;
/**
 * The highest page any list answers (security finding 8): with 100 per page that is ten million
 * rows, far beyond any district, and the offset stays a small integer the database accepts.
 */
export const MAX_PAGE = 100_000;

/**
 * A whole number written in plain digits (no sign, exponent, hex or decimals: `1e20`, `0x10` and
 * `2.5` are refused), or a message. Shared by paging and by ids in list filters.
 */
export function parseWholeNumber(raw: unknown, opts: { min: number; max: number; messages: { format: string; min: string; max: string } }): number | string {
  if (typeof raw !== 'string' || !/^\d+$/.test(raw.trim())) return opts.messages.format;
  if (raw.trim().replace(/^0+/, '').length > 15) return opts.messages.max;
  const n = Number(raw.trim());
  if (n < opts.min) return opts.messages.min;
  if (n > opts.max || !Number.isSafeInteger(n)) return opts.messages.max;
  return n;
}

/**
 * The per_page limit of a list filtered by filter[from] and filter[to] (YYYY-MM-DD): MAX_PER_PAGE_SHORT_RANGE
 * when both are given and name at most SHORT_RANGE_DAYS days, else MAX_PER_PAGE; with the 422 message
 * that says so.
 */
export function dateRangePerPage(from: string | null | undefined, to: string | null | undefined): { max: number; message: string } {
  const days = from && to ? daysBetween(from, to) + 1 : NaN;
  if (days >= 1 && days <= SHORT_RANGE_DAYS) {
    return { max: MAX_PER_PAGE_SHORT_RANGE, message: `Per page must be at most ${MAX_PER_PAGE_SHORT_RANGE}.` };
  }
  return {
    max: MAX_PER_PAGE,
    message: `Per page must be at most ${MAX_PER_PAGE} (${MAX_PER_PAGE_SHORT_RANGE} when filter[from] and filter[to] span at most ${SHORT_RANGE_DAYS} days).`,
  };
}

/**
 * `page` and `per_page` from a query string, validated for every list (422 naming the field): plain
 * whole numbers, 1 ≤ page ≤ MAX_PAGE and 1 ≤ per_page ≤ MAX_PER_PAGE (or `limit.max`, see dateRangePerPage).
 */
export function parsePage(
  query: unknown, defaultPerPage = 25, limit: { max: number; message: string } = { max: MAX_PER_PAGE, message: `Per page must be at most ${MAX_PER_PAGE}.` },
): { page: number; perPage: number; offset: number } {
  const q = (query ?? {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  const page = q.page === undefined || q.page === '' ? 1 : parseWholeNumber(q.page, {
    min: 1, max: MAX_PAGE,
    messages: { format: 'Page must be a whole number.', min: 'Page must be at least 1.', max: `Page must be at most ${MAX_PAGE}.` },
  });
  const perPage = q.per_page === undefined || q.per_page === '' ? defaultPerPage : parseWholeNumber(q.per_page, {
    min: 1, max: limit.max,
    messages: { format: 'Per page must be a whole number.', min: 'Per page must be at least 1.', max: limit.message },
  });
  if (typeof page === 'string') errors.page = [page];
  if (typeof perPage === 'string') errors.per_page = [perPage];
  if (typeof page === 'string' || typeof perPage === 'string') throw validationError(errors);
  return { page, perPage, offset: (page - 1) * perPage };
}

export function pageMeta(page: number, perPage: number, total: number) {
  return { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}
