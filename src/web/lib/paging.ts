import type { TFunction } from 'i18next';
import type { QueryValue } from './api';

/** A table's server-side paging, filter and sort. Page index counts from 0, as the spec's tables do. */
export interface PagingState {
  pageIndex: number;
  pageSize: number;
  globalFilter: string;
  /** Column id, '-' in front for descending; '' for the server's default order. */
  sort: string;
}

/** Spec section 2: page index 0, page size 10, empty global filter. */
export const defaultPaging: PagingState = { pageIndex: 0, pageSize: 10, globalFilter: '', sort: '' };

/** The 1-based rows a page shows: rows 11 to 20 of 37 on the second page of ten. */
export function pagingRange(pageIndex: number, pageSize: number, total: number): { from: number; to: number; total: number } {
  if (total <= 0 || pageSize <= 0) return { from: 0, to: 0, total: Math.max(total, 0) };
  const from = Math.min(pageIndex * pageSize + 1, total);
  const to = Math.min((pageIndex + 1) * pageSize, total);
  return { from, to, total };
}

/** 'x - y of z results' in the user's language. */
export function pagingText(t: TFunction, pageIndex: number, pageSize: number, total: number): string {
  return t('common.table.paging', pagingRange(pageIndex, pageSize, total));
}

/** How many pages `total` rows fill; at least one, so an empty table still has a page 1. */
export function pageCount(pageSize: number, total: number): number {
  return Math.max(1, Math.ceil(total / Math.max(pageSize, 1)));
}

/** The list query of ARCHITECTURE.md section 7: `page` is 1-based, empty values are left out. */
export function toListQuery(paging: PagingState): Record<string, QueryValue> {
  return { page: paging.pageIndex + 1, limit: paging.pageSize, q: paging.globalFilter.trim(), sort: paging.sort };
}

/** A list's paging read from the address (`?page=&q=&sort=`, page from 1): anything unknown falls back to the default. */
export function pagingOfSearch(search: URLSearchParams, sortColumns: readonly string[]): PagingState {
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  const sort = search.get('sort') ?? '';
  return {
    ...defaultPaging,
    pageIndex: Number.isFinite(page) && page > 1 ? page - 1 : 0,
    globalFilter: search.get('q') ?? '',
    sort: sortColumns.includes(sort.replace(/^-/, '')) ? sort : '',
  };
}

/** The address query of a list's paging (`page` from 1), leaving out what is default. */
export function searchOfPaging(paging: PagingState): Record<string, string> {
  const search: Record<string, string> = {};
  if (paging.pageIndex > 0) search.page = String(paging.pageIndex + 1);
  if (paging.globalFilter) search.q = paging.globalFilter;
  if (paging.sort) search.sort = paging.sort;
  return search;
}
