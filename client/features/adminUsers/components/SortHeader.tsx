// A sortable column header: a button inside the <th>, its state in aria-sort. First click ascending.

type Props = {
  label: string;
  column: string;
  /** The current sort, e.g. "name" or "-last_login_at". */
  sort: string;
  onSort: (sort: string) => void;
  /** The direction of a first click (dates read newest first). */
  firstDescending?: boolean;
  className?: string;
};

export function SortHeader({ label, column, sort, onSort, firstDescending = false, className }: Props) {
  const state = sort === column ? 'ascending' : sort === `-${column}` ? 'descending' : undefined;
  const next = state === 'ascending' ? `-${column}` : state === 'descending' ? column : firstDescending ? `-${column}` : column;
  return (
    <th scope="col" aria-sort={state} className={className}>
      <button type="button" className="au-sort" onClick={() => onSort(next)}>
        {label}
        <svg className="au-sort__icon" viewBox="0 0 12 16" width="10" height="14" aria-hidden="true" focusable="false">
          <path d="M6 2l4 5H2z" className={state === 'ascending' ? 'is-on' : undefined} />
          <path d="M6 14l4-5H2z" className={state === 'descending' ? 'is-on' : undefined} />
        </svg>
      </button>
    </th>
  );
}
