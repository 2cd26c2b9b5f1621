import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';
import { getAllPages } from './reference-data';

afterEach(() => vi.restoreAllMocks());

describe('getAllPages', () => {
  it('reads page after page until the total, past the largest page size', async () => {
    const items = Array.from({ length: 230 }, (_, index) => ({ id: index }));
    const get = vi.spyOn(api, 'get').mockImplementation(async (_path, options) => {
      const { page, limit } = options?.query as { page: number; limit: number };
      return { data: items.slice((page - 1) * limit, page * limit), total: items.length, page, limit };
    });
    const all = await getAllPages<{ id: number }>('/stations', { sort: 'name' });
    expect(all).toHaveLength(230);
    expect(get).toHaveBeenCalledTimes(3);
    expect(get.mock.calls[0]).toEqual(['/stations', { query: { sort: 'name', page: 1, limit: 100 } }]);
  });
});
