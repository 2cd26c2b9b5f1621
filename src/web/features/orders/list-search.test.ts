import { describe, expect, it } from 'vitest';
import { listStateOf, searchOf } from './list-search';

describe('the order list in the address', () => {
  it('reads tab, filters, page and sort, falling back on anything unknown', () => {
    expect(listStateOf(new URLSearchParams('kind=production&status=in-progress&delayed=true&q=Berg&page=3&sort=-deliveryDate'))).toEqual({
      kind: 'production',
      status: 'in-progress',
      delayed: true,
      paging: { pageIndex: 2, pageSize: 10, globalFilter: 'Berg', sort: '-deliveryDate' },
    });
    expect(listStateOf(new URLSearchParams('kind=shipping&status=lost&delayed=maybe&page=-1&sort=secret'))).toEqual({
      kind: 'customer',
      status: null,
      delayed: null,
      paging: { pageIndex: 0, pageSize: 10, globalFilter: '', sort: '' },
    });
  });

  it('writes only what is not the default, and reads back what it wrote', () => {
    const state = listStateOf(new URLSearchParams('kind=logistics&delayed=false&page=2'));
    expect(searchOf(state)).toEqual({ kind: 'logistics', delayed: 'false', page: '2' });
    expect(listStateOf(new URLSearchParams(searchOf(state)))).toEqual(state);
  });
});
