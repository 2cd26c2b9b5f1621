import { describe, expect, it } from 'vitest';
import { employeeListStateOf, employeeSearchOf } from './list-search';

describe('the employee table in the address', () => {
  it('reads role, status, page, filter and sort, and writes back only what is not default', () => {
    const state = employeeListStateOf(new URLSearchParams('role=OPERATOR&status=INVITED&page=3&q=berg&sort=-createdAt'));
    expect(state).toEqual({ role: 'OPERATOR', status: 'INVITED', paging: { pageIndex: 2, pageSize: 10, globalFilter: 'berg', sort: '-createdAt' } });
    expect(employeeSearchOf(state)).toEqual({ role: 'OPERATOR', status: 'INVITED', page: '3', q: 'berg', sort: '-createdAt' });
  });

  it('falls back to the default for anything unknown', () => {
    const state = employeeListStateOf(new URLSearchParams('role=KING&status=GONE&page=-2&sort=salary'));
    expect(state).toEqual({ role: null, status: null, paging: { pageIndex: 0, pageSize: 10, globalFilter: '', sort: '' } });
    expect(employeeSearchOf(state)).toEqual({});
  });
});
