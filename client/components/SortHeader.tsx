// A sortable column header: a button inside the <th> with an up/down icon, its state in aria-sort. The sort
// is a string as the list endpoints take it: "name" ascending, "-name" descending.
import type { ReactNode } from 'react';
import './sortHeader.css';

export type SortDirection = 'ascending' | 'descending';

/** aria-sort of `column` under `sort`, or undefined when the list is not sorted by it. */
export function sortDirection(sort: string, column: string): SortDirection | undefined {
  if (sort === column) return 'ascending';
  if (sort === `-${column}`) return 'descending';
  return undefined;
}

/** The sort a click on `column` asks for: the same column flips; another starts ascending, or descending when `firstDescending`. */
export function nextSort<S extends string>(sort: S, column: string, firstDescending = false): S {
  if (sort === column) return `-${column}` as S;
  if (sort === `-${column}`) return column as S;
  return (firstDescending ? `-${column}` : column) as S;
}

type Props<S extends string> = {
  label: ReactNode;
  column: string;
  /** The current sort, e.g. "name" or "-last_login_at". */
  sort: S;
  onSort: (sort: S) => void;
  /** The direction of a first click (dates and counts read largest first). */
  firstDescending?: boolean;
  /** The header's state when another sort key shows in this column too (the name column of a first-name sort). */
  direction?: SortDirection;
  className?: string;
};

export function SortHeader<S extends string>({ label, column, sort, onSort, firstDescending = false, direction, className }: Props<S>) {
  const state = direction ?? sortDirection(sort, column);
  return (
    <th scope="col" aria-sort={state} className={className}>
      <button type="button" className="sort-header" onClick={() => onSort(nextSort(sort, column, firstDescending))}>
        {label}
        <svg className="sort-header__icon" viewBox="0 0 12 16" width="10" height="14" aria-hidden="true" focusable="false">
          <path d="M6 2l4 5H2z" className={state === 'ascending' ? 'is-on' : undefined} />
          <path d="M6 14l4-5H2z" className={state === 'descending' ? 'is-on' : undefined} />
        </svg>
      </button>
    </th>
  );
}
