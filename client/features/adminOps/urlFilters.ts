// Filters kept in the URL: read them with defaults, write a patch back (empty values leave the URL).
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

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
