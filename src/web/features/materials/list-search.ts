import { materialSortColumns, materialTypes, type MaterialType } from '../../../domain/materials/materials.schema';
import { pagingOfSearch, searchOfPaging, type PagingState } from '../../lib/paging';

/** Which tab, page, filter and sort the material screen shows; kept in the address so a reload keeps it. */
export interface MaterialListState {
  type: MaterialType;
  paging: PagingState;
}

const isMaterialType = (value: string | null): value is MaterialType => materialTypes.includes(value as MaterialType);

/** Reads `?type=&page=&q=&sort=` (page counts from 1 in the address); anything unknown falls back to the default. */
export function listStateOf(search: URLSearchParams): MaterialListState {
  const type = search.get('type');
  return {
    type: isMaterialType(type) ? type : 'product',
    paging: pagingOfSearch(search, materialSortColumns),
  };
}

/** The address query of a list state, leaving out what is default. */
export function searchOf({ type, paging }: MaterialListState): Record<string, string> {
  const search: Record<string, string> = { type };
  return { ...search, ...searchOfPaging(paging) };
}

/** Where a tab of the material screen is, e.g. `/material?type=purchasing_part`. */
export const materialListHref = (type: MaterialType): string => `/material?type=${type}`;

export const addMaterialHref = (type: MaterialType): string => `/material/add-material?type=${type}`;

export const editMaterialHref = (id: string): string => `/material/edit-material/${id}`;
