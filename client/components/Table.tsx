import { isValidElement, useId } from 'react';
import type { ReactNode } from 'react';
import { defineMessages, t } from '../lib/i18n';

const m = defineMessages({
  empty: { id: 'ui.table.empty', defaultMessage: 'Nothing to show yet.' },
  you: { id: 'ui.table.you', defaultMessage: 'You' },
});

export type TableColumn<T> = {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  /** Applied to both the header and body cells of this column (e.g. "num" for right-aligned numbers). */
  className?: string;
  /** The cell's label when rows become cards on phones (`stackOnPhone`); defaults to a string header. */
  label?: string;
};

export type TableProps<T> = {
  columns: TableColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  /** Every table needs a caption; hide it visually with captionHidden when the page heading says it all. */
  caption: string;
  captionHidden?: boolean;
  /** Shown in a single full-width row when rows is empty. */
  empty?: ReactNode;
  className?: string;
  /**
   * Below 600 px each row becomes a card: the first column as its title, the others as labelled lines,
   * instead of a table scrolled sideways. For tables of a handful of short columns.
   */
  stackOnPhone?: boolean;
};

export type TableFrameProps = {
  /** Every table needs a caption; it also names the table's region. Hide it visually with captionHidden. */
  caption: ReactNode;
  captionHidden?: boolean;
  /** Rows become cards on phones (the shared table--stack style in styles.css). */
  stackOnPhone?: boolean;
  /** Dimmed and aria-busy while the next page of rows loads over the last one. */
  busy?: boolean;
  /** The table's own class (a screen's column widths), and its wrap's. */
  className?: string;
  wrapClassName?: string;
  /** The table's head and body. */
  children: ReactNode;
};

/**
 * The frame of every table: a focusable region named by the caption, so keyboard users can scroll a wide
 * table sideways on small screens, the table and its caption. `Table` renders its rows inside it; a
 * hand-written table (sortable headers, row headers, actions) passes its own thead and tbody.
 */
export function TableFrame({ caption, captionHidden = false, stackOnPhone = false, busy = false, className, wrapClassName, children }: TableFrameProps) {
  const captionId = useId();
  return (
    <div className={['table-wrap', busy && 'is-busy', wrapClassName].filter(Boolean).join(' ')} role="region" aria-labelledby={captionId} tabIndex={0} aria-busy={busy || undefined}>
      <table className={['table', stackOnPhone && 'table--stack', className].filter(Boolean).join(' ')}>
        <caption id={captionId} className={captionHidden ? 'table__caption sr-only' : 'table__caption'}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

/** A column of a hand-written table's head: its header, or the header with options. */
export type HeadColumn = ReactNode | {
  label: ReactNode;
  /** For screen readers only (an actions or details column). */
  hidden?: boolean;
  /** The column's class ("num" for numbers). */
  className?: string;
};

/**
 * A hand-written table's head (inside a `TableFrame`): one row of column headers. `false` leaves a column out
 * (one only some people see). A table with sortable headers writes its own (`SortHeader`).
 */
export function TableHead({ columns }: { columns: readonly (HeadColumn | false)[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, n) => {
          if (column === false) return null;
          const { label, hidden = false, className } = typeof column === 'object' && column !== null && 'label' in column && !isValidElement(column)
            ? column : { label: column as ReactNode };
          return (
            <th key={n} scope="col" className={className}>
              {hidden ? <span className="sr-only">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

export function Table<T>({
  columns,
  rows,
  rowKey,
  caption,
  captionHidden = false,
  empty,
  className,
  stackOnPhone = false,
}: TableProps<T>) {
  return (
    <TableFrame caption={caption} captionHidden={captionHidden} stackOnPhone={stackOnPhone} className={className}>
      <TableHead columns={columns.map((c) => ({ label: c.header, className: c.className }))} />
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td className="table__empty" colSpan={Math.max(columns.length, 1)}>
              {empty === undefined ? t(m.empty) : empty}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.key} className={c.className} data-label={c.label ?? (typeof c.header === 'string' ? c.header : undefined)}>
                  {c.render(row)}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </TableFrame>
  );
}

/** Lets a long address wrap before its "@" instead of mid-word. */
export function breakableEmail(email: string): ReactNode {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** A person's row header in a table of logins: the name (with "You" on one's own row) above the email. */
export function PersonCell({ name, email, self = false, className }: { name: string; email: string; self?: boolean; className?: string }) {
  return (
    <th scope="row" className={['person-cell', className].filter(Boolean).join(' ')}>
      <span className="person-cell__name">
        {name}
        {self && <span className="badge badge--primary">{t(m.you)}</span>}
      </span>
      <span className="person-cell__email">{breakableEmail(email)}</span>
    </th>
  );
}
