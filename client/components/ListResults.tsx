// A paged list's results below its filters (the admin lists, Users, Alerts, Articles): a loading block while
// the first page loads; a failed read as LoadError (a list the server refuses, 422, shows its message and the
// screen's way back); no rows: the screen's empty state; else the count ("58 districts match your filters",
// announced as it changes), the screen's table and the pager.
import { type ReactNode, useId } from 'react';
import { countText } from '../../common/plural';
import type { ApiError } from '../lib/api';
import { LoadError } from './LoadError';
import { Pager } from './Pager';
import { LoadingBlock } from './Spinner';
import { defineMessages, t } from '../lib/i18n';

const m = defineMessages({
  loading: { id: 'ui.listResults.loading', defaultMessage: 'Loading {what}…' },
  count: { id: 'ui.listResults.count', defaultMessage: '{count, plural, one {{total} {one}} other {{total} {many}}}' },
  countFiltered: { id: 'ui.listResults.countFiltered', defaultMessage: '{count, plural, one {{total} {one} matches your filters} other {{total} {many} match your filters}}' },
});

export type PagedList<T> = { data: T[]; meta: { page: number; last_page: number; total: number } };

type Props<T> = {
  /** The list's SWR answer. */
  list: { data?: PagedList<T>; error?: ApiError; isLoading: boolean; mutate: () => unknown };
  /** What a row is, singular and plural ("district", "districts"). */
  noun: readonly [string, string];
  /** Whether a search or filter narrows the list: the count then says "match your filters". */
  filtered: boolean;
  /** The way back from a list the server refuses (422), e.g. "Reset the list"; else "Try again". */
  invalidAction?: ReactNode;
  /** What shows when the page has no rows. */
  empty: ReactNode;
  onPage: (page: number) => void;
  className?: string;
  /** The table of the page's rows. */
  children: (rows: T[]) => ReactNode;
};

export function ListResults<T>({ list, noun, filtered, invalidAction, empty, onPage, className, children }: Props<T>) {
  const countId = useId();
  const { data, error } = list;
  const [one, many] = noun;
  if (error && !data) {
    const invalid = error.status === 422;
    return <LoadError what={many} onRetry={() => void list.mutate()} message={invalid ? error.message : undefined} action={invalid ? invalidAction : undefined} />;
  }
  if (!data) return list.isLoading ? <LoadingBlock label={t(m.loading, { what: many })} /> : null;
  if (data.data.length === 0) return <>{empty}</>;
  const total = data.meta.total;
  return (
    <section className={['stack', className].filter(Boolean).join(' ')} aria-labelledby={countId}>
      <p id={countId} className="muted text-sm" aria-live="polite">
        {t(filtered ? m.countFiltered : m.count, { count: total, total: countText(total), one, many })}
      </p>
      {children(data.data)}
      <Pager page={data.meta.page} lastPage={data.meta.last_page} onChange={onPage} />
    </section>
  );
}
