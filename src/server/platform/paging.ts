import { sql, type Expression, type SelectQueryBuilder } from 'kysely';
import { parseSort } from '../../domain/shared/paging.js';

/** Which page of a list is asked for (`page` from 1). */
export interface Paging {
  page: number;
  limit: number;
}

/**
 * One page of a filtered list and how many rows match in all: `base` is the filtered query,
 * `page` selects and orders its rows. Both run in the caller's transaction.
 */
export async function pageOfRows<DB, TB extends keyof DB, Row>(
  base: SelectQueryBuilder<DB, TB, object>,
  paging: Paging,
  page: (base: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, Row>,
): Promise<{ rows: Row[]; total: number }> {
  const [rows, count] = await Promise.all([
    page(base)
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit)
      .execute(),
    base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as Row[], total: Number((count as { total: string }).total) };
}

/**
 * A list's `sort` parameter (`column` or `-column`) as an order-by fragment: empty values last
 * either way, then `tieBreaker` so pages never overlap.
 */
export function orderBySort<Column extends string>(
  sort: string,
  expressions: Record<Column, Expression<unknown>>,
  fallback: Column,
  tieBreaker: Expression<unknown>,
) {
  const { column, descending } = parseSort(sort, Object.keys(expressions) as Column[], fallback);
  return sql`${expressions[column]} ${descending ? sql`desc` : sql`asc`} nulls last, ${tieBreaker} asc`;
}
