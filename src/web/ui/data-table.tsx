import type { ReactNode } from 'react';
import { Cell, Column, Input, Row, SearchField, Table, TableBody, TableHeader, type Key, type SortDescriptor } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { pageCount, pagingText, type PagingState } from '../lib/paging';
import { Button } from './button';
import { Spinner } from './spinner';
import './data-table.css';
import './field.css';

export interface DataTableColumn<T> {
  id: string;
  /** Already translated. */
  header: string;
  cell: (row: T) => ReactNode;
  /** The column that names a row for screen readers (usually the first). */
  isRowHeader?: boolean;
  /** Sorting is done by the server: the column id is sent as `sort`. */
  allowsSorting?: boolean;
}

export interface DataTableProps<T> {
  /** The table's accessible name, already translated. */
  label: string;
  columns: DataTableColumn<T>[];
  /** The rows of the current page, as the server returned them. */
  rows: T[];
  rowId: (row: T) => string;
  /** Rows matching the filter on all pages. */
  total: number;
  paging: PagingState;
  onPagingChange: (next: PagingState) => void;
  isLoading?: boolean;
  /** A failed load: the table shows 'Error loading data.' instead of rows. */
  error?: unknown;
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
  const pages = pageCount(paging.pageSize, total);
  const shownRows = isLoading || error ? [] : rows;
  const byId = new Map(shownRows.map((row) => [rowId(row), row]));

  const renderState = () => {
    if (isLoading) {
      return (
        <div className="table-state">
          <Spinner size="small" aria-label={t('common.table.loading')} />
          <span>{t('common.table.loading')}</span>
        </div>
      );
    }
    if (error) {
      return (
        <div className="table-state" data-kind="error">
          {t('common.table.error')}
        </div>
      );
    }
    return <div className="table-state">{t('common.table.empty')}</div>;
  };

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
          <TableBody items={shownRows.map((row) => ({ id: rowId(row), row }))} renderEmptyState={renderState}>
            {(item) => (
              <Row id={item.id} columns={columns} className="table-row">
                {(column) => <Cell className="table-cell">{column.cell(item.row)}</Cell>}
              </Row>
            )}
          </TableBody>
        </Table>
      </div>
      <div className="data-table-footer">
        <span aria-live="polite">{pagingText(t, paging.pageIndex, paging.pageSize, total)}</span>
        <nav aria-label={t('common.table.pagination')}>
          <Button
            variant="quiet"
            aria-label={t('common.table.previousPage')}
            isDisabled={paging.pageIndex <= 0}
            onPress={() => onPagingChange({ ...paging, pageIndex: paging.pageIndex - 1 })}
          >
            ‹
          </Button>
          <Button
            variant="quiet"
            aria-label={t('common.table.nextPage')}
            isDisabled={paging.pageIndex >= pages - 1}
            onPress={() => onPagingChange({ ...paging, pageIndex: paging.pageIndex + 1 })}
          >
            ›
          </Button>
        </nav>
      </div>
    </div>
  );
}
