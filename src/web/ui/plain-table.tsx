import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TableFooter, TableState, type DataTableColumn, type TablePageProps } from './table-parts';

export interface PlainTableProps<T> extends Omit<TablePageProps<T>, 'columns'> {
  /** Without sorting: a plain table has none. */
  columns: Omit<DataTableColumn<T>, 'allowsSorting'>[];
  /** Opens a row on a click anywhere in it; the keyboard opens it by the link its row header holds. */
  onRowAction?: (row: T) => void;
}

/**
 * A read-only table of one page in the browser's own table elements, with the data table's look, states and
 * paging: for a board that shows rows and opens them (the home board). It leaves out what only react-aria's
 * grid gives (moving between cells with the arrow keys, sorting, a filter), and the 50 KB of script that come
 * with it (docs/performance.md). Each row's header cell must hold a link to the row, so the keyboard and screen
 * readers reach every row the way a click does.
 */
export function PlainTable<T>({ label, columns, rows, rowId, total, paging, onPagingChange, isLoading, error, onRowAction }: PlainTableProps<T>) {
  const { t } = useTranslation();
  const shownRows = isLoading || error ? [] : rows;
  // A plain left click opens the row. A click on a control in it does what that control does, a modified click
  // (a new tab from the link) and the end of a text selection open nothing.
  const open = (row: T) => (event: MouseEvent<HTMLTableRowElement>) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    if (event.target instanceof Element && event.target.closest('a, button, input, select, textarea, label, [role="button"]')) return;
    if (window.getSelection()?.toString()) return;
    onRowAction?.(row);
  };
  return (
    <div className="data-table">
      <div className="data-table-scroll">
        <table aria-label={label} className="table" data-plain="">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.id} scope="col" className="table-column">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shownRows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="table-state-cell">
                  <TableState t={t} isLoading={isLoading} error={error} />
                </td>
              </tr>
            ) : (
              shownRows.map((row) => (
                // The row's link is its keyboard access (above); the click is a larger target for the mouse.
                <tr key={rowId(row)} className="table-row" data-action={onRowAction ? '' : undefined} onClick={onRowAction ? open(row) : undefined}>
                  {columns.map((column) =>
                    column.isRowHeader ? (
                      <th key={column.id} scope="row" className="table-cell">
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.id} className="table-cell">
                        {column.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <TableFooter t={t} total={total} paging={paging} onPagingChange={onPagingChange} />
    </div>
  );
}
