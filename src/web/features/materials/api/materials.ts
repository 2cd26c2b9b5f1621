import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BomNodeView, Material, MaterialSummary, MaterialType, ValidMaterial } from '../../../../domain/materials/materials.schema';
import { api, apiBaseUrl, apiUpload, isApiError, type Page, type UploadProgress } from '../../../lib/api';
import { allStationsQueryOptions, materialChoicesQueryOptions } from '../../../lib/reference-data';
import { materialDetailKey, materialsKey } from '../../../lib/resources/keys';

/** Every materials query starts with this key, so any change refreshes lists, details and trees. */
export { materialsKey };

/** `GET /api/materials`: page counts from 1; `q` searches name and material number; `sort` is a column, `-column` descending. */
export interface MaterialListQuery {
  type?: MaterialType;
  page: number;
  limit: number;
  q: string;
  sort: string;
}

export const getMaterials = (query: MaterialListQuery): Promise<Page<MaterialSummary>> => api.get<Page<MaterialSummary>>('/materials', { query: { ...query } });

export const getMaterialsQueryOptions = (query: MaterialListQuery) =>
  queryOptions({
    queryKey: [...materialsKey, 'list', query],
    queryFn: () => getMaterials(query),
    // The previous page stays while the next loads, but never the rows of another tab.
    placeholderData: (previous, previousQuery) => {
      const previousList = previousQuery?.queryKey[2] as MaterialListQuery | undefined;
      return previousList?.type === query.type ? keepPreviousData(previous) : undefined;
    },
  });

/** One page of one tab's materials. */
export const useMaterials = (query: MaterialListQuery) => useQuery(getMaterialsQueryOptions(query));

/** Materials of every type whose name or number contains `q`, for the component picker. */
export const useMaterialChoices = (q: string) => useQuery(materialChoicesQueryOptions(q));

export const getMaterial = (id: string): Promise<Material> => api.get<Material>(`/materials/${encodeURIComponent(id)}`);

/**
 * The material whose number is exactly `materialNumber` (a scanned label, any case), or null.
 * Asks `GET /api/materials/by-number/{number}`; where the company switched station scanning off
 * (that route answers NOT_FOUND), the first page of the search by number stands in.
 */
export async function findMaterialByNumber(materialNumber: string): Promise<Pick<Material, 'id'> | null> {
  const wanted = materialNumber.trim();
  if (!wanted) return null;
  try {
    return await api.get<Material>(`/materials/by-number/${encodeURIComponent(wanted)}`);
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.code === 'MATERIAL_NOT_FOUND' || error.code === 'VALIDATION_ERROR') return null;
    if (error.code !== 'NOT_FOUND') throw error;
  }
  const found = await getMaterials({ page: 1, limit: 100, q: wanted, sort: 'materialNumber' });
  return found.data.find((material) => material.materialNumber.toLowerCase() === wanted.toLowerCase()) ?? null;
}

export const getMaterialQueryOptions = (id: string) => queryOptions({ queryKey: materialDetailKey(id), queryFn: () => getMaterial(id) });

export const useMaterial = (id: string) => useQuery({ ...getMaterialQueryOptions(id), enabled: id !== '' });

export const getMaterialBom = (id: string): Promise<BomNodeView> => api.get<BomNodeView>(`/materials/${encodeURIComponent(id)}/bom`);

export const getMaterialBomQueryOptions = (id: string) => queryOptions({ queryKey: [...materialsKey, 'bom', id], queryFn: () => getMaterialBom(id) });

/** The exploded bill of materials with multiplied quantities and the rolled-up net price. */
export const useMaterialBom = (id: string) => useQuery(getMaterialBomQueryOptions(id));

/** The image's bytes: `image.url` is an API path, fetched with the bearer token an `<img>` could not send. */
export const getMaterialImage = (url: string): Promise<Blob> => api.blob(url.startsWith(apiBaseUrl) ? url.slice(apiBaseUrl.length) : url);

export const getMaterialImageQueryOptions = (url: string) =>
  // The URL changes with every upload (`?v=`), so what was fetched once stays true.
  queryOptions({ queryKey: [...materialsKey, 'image', url], queryFn: () => getMaterialImage(url), staleTime: Infinity });

export const useMaterialImage = (url: string | null) => useQuery({ ...getMaterialImageQueryOptions(url ?? ''), enabled: url !== null });

/** A checked form (`materialInputSchema` output), and for an edit the version it was loaded with. */
export const createMaterial = (material: ValidMaterial): Promise<Material> => api.post<Material>('/materials', material);

export const updateMaterial = (id: string, update: ValidMaterial & { version: number }): Promise<Material> =>
  api.put<Material>(`/materials/${encodeURIComponent(id)}`, update);

/** Refused while another material uses it as a component (MATERIAL_IN_USE) or an order in production holds it. */
export const deleteMaterial = (id: string, version?: number): Promise<void> => api.delete<void>(`/materials/${encodeURIComponent(id)}`, { query: { version } });

/** PNG or JPEG up to the server's limit (512 MB); the answer is the material with its new version. */
export function uploadMaterialImage(id: string, file: File, onProgress?: (progress: UploadProgress) => void): Promise<Material> {
  const body = new FormData();
  body.append('image', file, file.name);
  return apiUpload<Material>('PUT', `/materials/${encodeURIComponent(id)}/image`, body, { onProgress });
}

export const removeMaterialImage = (id: string): Promise<Material> => api.delete<Material>(`/materials/${encodeURIComponent(id)}/image`);

/** The CSV of a tab's current filter and sort; `lang=de` gives German headers and decimal commas. */
export const exportMaterialsCsv = (query: Omit<MaterialListQuery, 'page' | 'limit'>, lang: 'en' | 'de'): Promise<Blob> =>
  api.blob('/materials/export.csv', { query: { ...query, lang } });

function useInvalidatingMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: materialsKey }) });
}

export const useCreateMaterial = () => useInvalidatingMutation(createMaterial);

export const useUpdateMaterial = () =>
  useInvalidatingMutation(({ id, update }: { id: string; update: ValidMaterial & { version: number } }) => updateMaterial(id, update));

export function useDeleteMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version?: number }) => deleteMaterial(id, version),
    onSuccess: (_answer, { id }) => {
      queryClient.removeQueries({ queryKey: [...materialsKey, 'detail', id] });
      return queryClient.invalidateQueries({ queryKey: materialsKey });
    },
  });
}

export const useUploadMaterialImage = () =>
  useInvalidatingMutation(({ id, file, onProgress }: { id: string; file: File; onProgress?: (progress: UploadProgress) => void }) =>
    uploadMaterialImage(id, file, onProgress),
  );

export const useRemoveMaterialImage = () => useInvalidatingMutation(removeMaterialImage);

/** Every production station of the company by name, for a manufacturing step (optional: a step may have none). */
export const useStationChoices = () => useQuery(allStationsQueryOptions('name'));
