import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MaterialMediaList, MaterialMedium } from '../../../../domain/materials/material-media.schema';
import { api, apiUpload, type UploadProgress } from '../../../lib/api';
import { materialsKey } from './materials';

const mediaKey = (materialId: string) => [...materialsKey, 'media', materialId] as const;

export const getMaterialMedia = (materialId: string): Promise<MaterialMediaList> =>
  api.get<MaterialMediaList>(`/materials/${encodeURIComponent(materialId)}/media`);

/** The material's media (images and PDF drawings), oldest first. */
export const useMaterialMedia = (materialId: string) => useQuery({ queryKey: mediaKey(materialId), queryFn: () => getMaterialMedia(materialId) });

/** What an upload sends: the station of a step, or `all` for every station (sent before the file), and the file. */
export interface MediumUploadInput {
  materialId: string;
  stationId: string;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
}

export function uploadMedium({ materialId, stationId, file, onProgress }: MediumUploadInput): Promise<MaterialMedium> {
  const body = new FormData();
  // The server reads the station before the file's bytes: the field goes first.
  body.append('stationId', stationId);
  body.append('file', file, file.name);
  return apiUpload<MaterialMedium>('POST', `/materials/${encodeURIComponent(materialId)}/media`, body, { onProgress });
}

export const removeMedium = ({ materialId, mediumId }: { materialId: string; mediumId: string }): Promise<void> =>
  api.delete<void>(`/materials/${encodeURIComponent(materialId)}/media/${encodeURIComponent(mediumId)}`);

export function useUploadMedium() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadMedium, onSuccess: (_answer, input) => queryClient.invalidateQueries({ queryKey: mediaKey(input.materialId) }) });
}

export function useRemoveMedium() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeMedium, onSuccess: (_answer, input) => queryClient.invalidateQueries({ queryKey: mediaKey(input.materialId) }) });
}
