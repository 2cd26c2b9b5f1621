import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { pageCount, pagingText, type PagingState } from '../lib/paging';
import { Button } from './button';
import { Spinner } from './spinner';
import './data-table.css';

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

/** What a table of one page is given: its rows, their paging and the state of their read (data-table.tsx, plain-table.tsx). */
export interface TablePageProps<T> {
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
}

/** What a table of one page shows in place of rows: loading, a failed load, or no rows. */
export function TableState({ t, isLoading, error }: { t: TFunction; isLoading?: boolean; error?: unknown }) {
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
}

/** The 'x - y of z results' line and the previous and next page buttons under a table of one page. */
export function TableFooter({
  t,
  total,
  paging,
  onPagingChange,
}: {
  t: TFunction;
  total: number;
  paging: PagingState;
  onPagingChange: (next: PagingState) => void;
}) {
  const pages = pageCount(paging.pageSize, total);
  return (
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
  );
}
