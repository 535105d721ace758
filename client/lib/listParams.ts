// A paged list's state (search, filters, sort, page): read from the URL, written back to it as a patch, and
// sent to the API as the list's query. The admin lists, Users, Alerts and Articles share it.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Query } from './api';

/** The highest page any list answers (server/http/pagination.ts MAX_PAGE): a page past it reads as the first. */
const MAX_PAGE = 100_000;

/** The page from the URL: a whole number from 2 to MAX_PAGE, else 1. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 && page <= MAX_PAGE ? page : 1;
}

/** A filter from the URL: `status=trial`, or the API's `filter[status]=trial` (the admin dashboard's links). */
export function readFilter(params: URLSearchParams, name: string): string {
  return params.get(name) ?? params.get(`filter[${name}]`) ?? '';
}

type ListQueryInput = {
  search?: string;
  filter?: Record<string, string | undefined>;
  sort?: string;
  /** The sort the API applies when none is sent: left out of the query. */
  defaultSort?: string;
  page?: number;
  perPage?: number;
};

/** The API's query of a list (`search`, `filter[…]`, `sort`, `page`, `per_page`): empty values, the first page and the default sort left out. */
export function listQuery({ search, filter = {}, sort, defaultSort, page, perPage }: ListQueryInput): Query {
  return {
    search: search || undefined,
    filter: Object.fromEntries(Object.entries(filter).map(([key, value]) => [key, value || undefined])),
    sort: sort && sort !== defaultSort ? sort : undefined,
    page: page && page > 1 ? page : undefined,
    per_page: perPage,
  };
}

type Patch = Record<string, string | number | undefined>;
const NONE: Readonly<Record<string, string>> = {};
const NO_ALIASES: readonly string[] = [];

/**
 * Writes a patch of a list's state to the URL: every change but paging goes back to the first page; an empty
 * value, the first page and a value equal to its default in `defaults` (a module constant, e.g. `{ sort: 'name' }`)
 * leave the URL; `aliases` are filters the URL may also hold as `filter[name]` (readFilter), dropped when the
 * filter changes. With flushSync, so a chosen option shows at once (docs/ARCHITECTURE.md, filters in the URL).
 */
export function useListUpdate<P extends object>(defaults: Readonly<Record<string, string>> = NONE, aliases: readonly string[] = NO_ALIASES) {
  const [, setParams] = useSearchParams();
  return useCallback((patch: Partial<P> & { page?: number }, options?: { replace?: boolean }) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const key of aliases) if (key in patch) next.delete(`filter[${key}]`);
      for (const [key, value] of Object.entries({ page: 1, ...patch } as Patch)) {
        if (value === undefined || value === '' || (key === 'page' && value === 1) || value === defaults[key]) next.delete(key);
        else next.set(key, String(value));
      }
      return next;
    }, { ...options, flushSync: true });
  }, [setParams, defaults, aliases]);
}

type Option = { value: string; label: string };

/** A filter select's options, keeping the value the URL holds when the list does not offer it (yet), so the select still shows it chosen. */
export function keepChosen<O extends Option>(options: O[], value: string, label = value): Option[] {
  return value && !options.some((o) => o.value === value) ? [...options, { value, label }] : options;
}
