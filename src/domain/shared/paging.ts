import { z } from 'zod';

/** Rows a list page may ask for at most. */
export const MAX_PAGE_SIZE = 100;

/**
 * The paging fields of a list's query string: `page` counts from 1, `limit` rows per page
 * (spec: first page, 10 rows). Spread into a list's own query schema beside its filters.
 */
export const pagingQuery = (defaultLimit = 10) => ({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultLimit),
});

/** A filter of a list's query string that takes one value or several, comma-separated (`?status=open,ordered`). */
export const commaListQuery = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z
    .string()
    .optional()
    .transform((text) => {
      // Nothing but commas and blanks is no filter: an empty list would end as `in ()` (issue 17: a 500).
      const list = (text ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      return list.length ? list : undefined;
    })
    .pipe(z.array(z.enum(values)).optional());

/** A list's `sort` parameter: one of `columns`, `-column` for descending, `fallback` when none is asked. */
export const sortQuery = (columns: readonly string[], fallback: string) =>
  z
    .string()
    .regex(new RegExp(`^-?(${columns.join('|')})$`), 'validation.invalidValue')
    .default(fallback);

/** One page of a list, as every list route answers: the rows, how many there are in all, and the paging asked for. */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({ data: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() });

/** A list's `sort` parameter read: `column` ascending, `-column` descending; an unknown column sorts by `fallback`. */
export function parseSort<Column extends string>(sort: string, columns: readonly Column[], fallback: Column): { column: Column; descending: boolean } {
  const descending = sort.startsWith('-');
  const name = descending ? sort.slice(1) : sort;
  return { column: (columns as readonly string[]).includes(name) ? (name as Column) : fallback, descending };
}
