import { Cell, Column, Input, Row, SearchField, Table, TableBody, TableHeader, type Key, type SortDescriptor } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { TableFooter, TableState, type DataTableColumn, type TablePageProps } from './table-parts';
import './data-table.css';
import './field.css';

export type { DataTableColumn };

export interface DataTableProps<T> extends TablePageProps<T> {
  /** Show the global filter above the table. */
  withFilter?: boolean;
  /** Opens a row (click, Enter). */
  onRowAction?: (row: T) => void;
  /** Enter in the search field (a scanner ends what it types with Enter): the text as typed. */
  onSearchSubmit?: (text: string) => void;
}

const toSortDescriptor = (sort: string): SortDescriptor | undefined =>
  sort ? { column: sort.replace(/^-/, ''), direction: sort.startsWith('-') ? 'descending' : 'ascending' } : undefined;

const fromSortDescriptor = (descriptor: SortDescriptor): string => `${descriptor.direction === 'descending' ? '-' : ''}${String(descriptor.column)}`;

/**
 * A table whose paging, filter and sort happen on the server: it shows one page, the
 * 'x - y of z results' line, and rows for loading, empty and failed states.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowId,
  total,
  paging,
  onPagingChange,
  isLoading,
  error,
  withFilter,
  onRowAction,
  onSearchSubmit,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const shownRows = isLoading || error ? [] : rows;
  const byId = new Map(shownRows.map((row) => [rowId(row), row]));

  return (
    <div className="data-table">
      {withFilter ? (
        <div className="data-table-toolbar">
          <SearchField
            className="field data-table-search"
            aria-label={t('common.table.search')}
            value={paging.globalFilter}
            onChange={(globalFilter) => onPagingChange({ ...paging, globalFilter, pageIndex: 0 })}
            onSubmit={onSearchSubmit}
          >
            <Input className="field-input" placeholder={t('common.table.search')} />
          </SearchField>
        </div>
      ) : null}
      <div className="data-table-scroll">
        <Table
          aria-label={label}
          className="table"
          sortDescriptor={toSortDescriptor(paging.sort)}
          onSortChange={(descriptor) => onPagingChange({ ...paging, sort: fromSortDescriptor(descriptor), pageIndex: 0 })}
          onRowAction={onRowAction ? (key: Key) => onRowAction(byId.get(String(key)) as T) : undefined}
        >
          <TableHeader columns={columns}>
            {(column) => (
              <Column id={column.id} isRowHeader={column.isRowHeader} allowsSorting={column.allowsSorting} className="table-column">
                {({ sortDirection }) => (
                  <>
                    {column.header}
                    {column.allowsSorting ? (
                      <span className="table-sort" aria-hidden="true">
                        {sortDirection === 'ascending' ? '▲' : sortDirection === 'descending' ? '▼' : ''}
                      </span>
                    ) : null}
                  </>
                )}
              </Column>
            )}
          </TableHeader>
          <TableBody
            items={shownRows.map((row) => ({ id: rowId(row), row }))}
            renderEmptyState={() => <TableState t={t} isLoading={isLoading} error={error} />}
          >
            {(item) => (
              <Row id={item.id} columns={columns} className="table-row">
                {(column) => <Cell className="table-cell">{column.cell(item.row)}</Cell>}
              </Row>
            )}
          </TableBody>
        </Table>
      </div>
      <TableFooter t={t} total={total} paging={paging} onPagingChange={onPagingChange} />
    </div>
  );
}
