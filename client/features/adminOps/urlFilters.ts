// Filters kept in the URL: read them with defaults, write a patch back (empty values leave the URL); the
// set ones as the FilterBar's chips.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { FilterChip } from '../../components/FilterBar';
import { defineMessages, t } from '../../lib/i18n';

const m = defineMessages({
  chip: { id: 'adminOps.chip', defaultMessage: '{label}: {value}', description: 'A filter chip: the filter\'s name and its value' },
});

export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  const update = useCallback((patch: Partial<Record<K | 'page' | 'cursor' | 'open', string>>, options?: { keepPage?: boolean; replace?: boolean }) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (!options?.keepPage) {
        next.delete('page');
        next.delete('cursor');
      }
      for (const [key, value] of Object.entries(patch) as [string, string | undefined][]) {
        if (!value) next.delete(key);
        else next.set(key, value);
      }
      return next;
    }, { replace: options?.replace });
  }, [setParams]);
  return { values, params, update };
}

/** The FilterBar chips of the filters that are set: [key, label, the value as read (empty or false: not set)]. */
export function filterChips<K extends string>(rows: [K, string, string | false | null | undefined][], remove: (key: K) => void): FilterChip[] {
  return rows.flatMap(([key, label, shown]) => (shown ? [{ key, label: t(m.chip, { label, value: shown }), onRemove: () => remove(key) }] : []));
}
