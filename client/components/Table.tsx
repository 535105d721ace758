import { useId } from 'react';
import type { ReactNode } from 'react';

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

export function Table<T>({
  columns,
  rows,
  rowKey,
  caption,
  captionHidden = false,
  empty = 'Nothing to show yet.',
  className,
  stackOnPhone = false,
}: TableProps<T>) {
  const captionId = useId();
  return (
    // Focusable labelled region so keyboard users can scroll wide tables on small screens.
    <div className="table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={['table', stackOnPhone && 'table--stack', className].filter(Boolean).join(' ')}>
        <caption id={captionId} className={captionHidden ? 'table__caption sr-only' : 'table__caption'}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.className}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td className="table__empty" colSpan={Math.max(columns.length, 1)}>
                {empty}
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
      </table>
    </div>
  );
}
