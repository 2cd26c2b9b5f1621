// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n';
import { defaultPaging, pageCount, pagingRange, pagingText, toListQuery } from './paging';

describe('paging text', () => {
  it('starts on page index 0 with ten rows and no filter', () => {
    expect(defaultPaging).toEqual({ pageIndex: 0, pageSize: 10, globalFilter: '', sort: '' });
  });

  it.each([
    [0, 10, 37, '1 - 10 of 37 results'],
    [1, 10, 37, '11 - 20 of 37 results'],
    [3, 10, 37, '31 - 37 of 37 results'],
    [0, 10, 7, '1 - 7 of 7 results'],
    [0, 10, 0, '0 - 0 of 0 results'],
    [0, 25, 100, '1 - 25 of 100 results'],
  ])('page index %i of size %i with %i rows reads "%s"', (pageIndex, pageSize, total, text) => {
    expect(pagingText(createI18n('en').t, pageIndex, pageSize, total)).toBe(text);
  });

  it('reads in German', () => {
    expect(pagingText(createI18n('de').t, 1, 10, 37)).toBe('11 - 20 von 37 Ergebnissen');
  });

  it('never counts past the last row when a page index is beyond the rows (rows deleted meanwhile)', () => {
    expect(pagingRange(9, 10, 37)).toEqual({ from: 37, to: 37, total: 37 });
  });

  it('has at least one page, so an empty table still shows page 1', () => {
    expect(pageCount(10, 0)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(10, 11)).toBe(2);
  });

  it('asks the server for 1-based pages and leaves out an empty filter and sort', () => {
    expect(toListQuery(defaultPaging)).toEqual({ page: 1, limit: 10, q: '', sort: '' });
    expect(toListQuery({ pageIndex: 2, pageSize: 10, globalFilter: '  bolt ', sort: '-name' })).toEqual({
      page: 3,
      limit: 10,
      q: 'bolt',
      sort: '-name',
    });
  });
});
