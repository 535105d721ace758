// Query-string helpers for list endpoints: filters in bracket style (`filter[x]=v`, `filter[x][]=v`).
import * as z from 'zod/mini';

// Filter values arrive as one value (`filter[position]=x`) or a bracket list (`filter[position][]=x`);
// both become a list, empty strings are dropped. The query parser (qs) turns a list of more than 20
// values into an object keyed "0", "1", …: that is read back as the list it was.
const indexedList = z.pipe(
  z.record(z.string().check(z.regex(/^\d+$/)), z.string()),
  z.transform((o) => Object.keys(o).sort((a, b) => Number(a) - Number(b)).map((k) => o[k]!)),
);
export const listOf = <T>(label: string, item: (v: string) => T | undefined, message: string) =>
  z.pipe(
    z.optional(z.union([z.string(), z.array(z.string()), indexedList], { error: `${label} must be a value or a list of values.` })),
    z.transform((v, ctx) => {
      const values = (v === undefined ? [] : Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter((s) => s !== '');
      const out: T[] = [];
      for (const value of values) {
        const parsed = item(value);
        if (parsed === undefined) {
          ctx.issues.push({ code: 'custom', message, input: value });
          return z.NEVER;
        }
        if (!out.includes(parsed)) out.push(parsed);
      }
      return out;
    }),
  );
export const positiveId = (v: string) => (/^\d{1,15}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);
export const oneOf = <T extends string>(values: readonly T[]) => (v: string) => (values.includes(v as T) ? (v as T) : undefined);

/** `YYYY-MM-DD` naming a real calendar date. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** An optional date-only query value (`filter[from]=2026-09-01`); empty means none. */
export const optionalIsoDate = (label: string) =>
  z.pipe(
    z.optional(z.string({ error: `${label} must be a date (YYYY-MM-DD).` })),
    z.transform((v) => (v === undefined || v.trim() === '' ? null : v.trim())),
  ).check(z.refine((v) => v === null || isIsoDate(v), `${label} must be a date (YYYY-MM-DD).`));

/** A list's `sort`: one of `sorts` (absent or empty: `fallback`). */
export const sortParam = (sorts: readonly string[], fallback: string) =>
  z.pipe(
    z.optional(z.string({ error: `Sort must be one of ${sorts.join(', ')}.` })),
    z.transform((v) => (v === undefined || v === '' ? fallback : v)),
  ).check(z.refine((v) => sorts.includes(v), `Sort must be one of ${sorts.join(', ')}.`));

/** A list's `filter[name]` values as a strict object: an unknown name is refused, naming the filters there are. */
export const filterObject = <T extends z.core.$ZodLooseShape>(shape: T, names: string) =>
  z.strictObject(shape, {
    error: (iss) => (iss.code === 'unrecognized_keys'
      ? `Unknown filter: ${(iss as unknown as { keys: string[] }).keys.join(', ')}. Filters are ${names}.`
      : 'Filters must be written as filter[name]=value.'),
  });

/** A list's `filter` query value (absent: no filters); `names` lists the filters for the unknown-filter message. */
export const filterParam = <T extends z.core.$ZodLooseShape>(shape: T, names: string) =>
  z.prefault(filterObject(shape, names), {} as never);
