import { describe, expect, it } from 'vitest';
import { listStateOf, searchOf } from './list-search';

describe('material list address', () => {
  it('reads tab, page, filter and sort from the address and writes them back', () => {
    const state = listStateOf(new URLSearchParams('type=purchasing_part&page=3&q=Schraube&sort=-netPrice'));
    expect(state).toEqual({ type: 'purchasing_part', paging: { pageIndex: 2, pageSize: 10, globalFilter: 'Schraube', sort: '-netPrice' } });
    expect(searchOf(state)).toEqual({ type: 'purchasing_part', page: '3', q: 'Schraube', sort: '-netPrice' });
  });

  it('falls back to the first page of products for an unknown tab, page or sort column', () => {
    const state = listStateOf(new URLSearchParams('type=robot&page=-4&sort=password'));
    expect(state).toEqual({ type: 'product', paging: { pageIndex: 0, pageSize: 10, globalFilter: '', sort: '' } });
    expect(searchOf(state)).toEqual({ type: 'product' });
  });
});
