import { materialSortColumns, materialTypes, type MaterialType } from '../../../domain/materials/materials.schema';
import { defaultPaging, type PagingState } from '../../lib/paging';

/** Which tab, page, filter and sort the material screen shows; kept in the address so a reload keeps it. */
export interface MaterialListState {
  type: MaterialType;
  paging: PagingState;
}

const isMaterialType = (value: string | null): value is MaterialType => materialTypes.includes(value as MaterialType);
const isSort = (value: string): boolean => materialSortColumns.includes(value.replace(/^-/, '') as (typeof materialSortColumns)[number]);

/** Reads `?type=&page=&q=&sort=` (page counts from 1 in the address); anything unknown falls back to the default. */
export function listStateOf(search: URLSearchParams): MaterialListState {
  const type = search.get('type');
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  const sort = search.get('sort') ?? '';
  return {
    type: isMaterialType(type) ? type : 'product',
    paging: {
      ...defaultPaging,
      pageIndex: Number.isFinite(page) && page > 1 ? page - 1 : 0,
      globalFilter: search.get('q') ?? '',
      sort: isSort(sort) ? sort : '',
    },
  };
}

/** The address query of a list state, leaving out what is default. */
export function searchOf({ type, paging }: MaterialListState): Record<string, string> {
  const search: Record<string, string> = { type };
  if (paging.pageIndex > 0) search.page = String(paging.pageIndex + 1);
  if (paging.globalFilter) search.q = paging.globalFilter;
  if (paging.sort) search.sort = paging.sort;
  return search;
}

/** Where a tab of the material screen is, e.g. `/material?type=purchasing_part`. */
export const materialListHref = (type: MaterialType): string => `/material?type=${type}`;

export const addMaterialHref = (type: MaterialType): string => `/material/add-material?type=${type}`;

export const editMaterialHref = (id: string): string => `/material/edit-material/${id}`;
