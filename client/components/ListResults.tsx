// A paged list's results below its filters (the admin lists, Logs, Users, Alerts, Articles): a loading block while
// the first page loads; a failed read as LoadError (a list the server refuses, 422, shows its message and the
// screen's way back); no rows: the screen's empty state; else the count ("58 districts match your filters",
// announced as it changes), the screen's table and the pager.
import { type ReactNode, useId } from 'react';
import type { ApiError } from '../lib/api';
import { LoadError } from './LoadError';
import { Pager } from './Pager';
import { LoadingBlock } from './Spinner';
import { type MessageDescriptor, t } from '../lib/i18n';

export type PagedList<T> = { data: T[]; meta: { page: number; last_page: number; total: number } };

type Props<T> = {
  /** The list's SWR answer. */
  list: { data?: PagedList<T>; error?: ApiError; isLoading: boolean; mutate: () => unknown };
  /**
   * The screen's sentences, each a whole message of its own (so each language words it whole):
   * `count` takes `{count}` and `{filtered}` (yes | no: whether a search or filter narrows the list), e.g.
   * '{filtered, select, yes {{count, plural, one {# district matches your filters} other {# districts match your filters}}} other {{count, plural, one {# district} other {# districts}}}}';
   * `loading` ("Loading districts…") and `loadError` ("An error occurred while fetching districts. Please try again later.");
   * `loadErrorTitle`, instead of "Uh-oh." (a provider screen names what failed: "The log could not be loaded.").
   */
  messages: { count: MessageDescriptor; loading: MessageDescriptor; loadError: MessageDescriptor; loadErrorTitle?: MessageDescriptor };
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

export function ListResults<T>({ list, messages, filtered, invalidAction, empty, onPage, className, children }: Props<T>) {
  const countId = useId();
  const { data, error } = list;
  if (error && !data) {
    const invalid = error.status === 422;
    return (
      <LoadError title={messages.loadErrorTitle && t(messages.loadErrorTitle)} message={invalid ? error.message : t(messages.loadError)}
        onRetry={() => void list.mutate()} action={invalid ? invalidAction : undefined} />
    );
  }
  if (!data) return list.isLoading ? <LoadingBlock label={t(messages.loading)} /> : null;
  if (data.data.length === 0) return <>{empty}</>;
  const total = data.meta.total;
  return (
    <section className={['stack', className].filter(Boolean).join(' ')} aria-labelledby={countId}>
      <p id={countId} className="muted text-sm" aria-live="polite">
        {t(messages.count, { count: total, filtered: filtered ? 'yes' : 'no' })}
      </p>
      {children(data.data)}
      <Pager page={data.meta.page} lastPage={data.meta.last_page} onChange={onPage} />
    </section>
  );
}
