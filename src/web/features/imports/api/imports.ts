import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportFile, ImportKind } from '../../../../domain/imports/imports.schema';
import type { ImportDryRun, ImportView } from '../../../../domain/imports/imports.views';
import { api, apiBaseUrl } from '../../../lib/api';

const importsKey = ['imports'] as const;

/** `POST /api/imports/{kind}/dry-run`: what importing the file would do, row by row; nothing written. */
export const dryRunImport = (kind: ImportKind, file: ImportFile): Promise<ImportDryRun> => api.post<ImportDryRun>(`/imports/${kind}/dry-run`, file);

export const useDryRunImport = () => useMutation({ mutationFn: ({ kind, file }: { kind: ImportKind; file: ImportFile }) => dryRunImport(kind, file) });

/** `POST /api/imports/{kind}`: the file becomes one job; its records are written all at once or not at all. */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: ImportKind; file: ImportFile }) => api.post<ImportView>(`/imports/${kind}`, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importsKey }),
  });
}

/** One import, asked again every half second while it runs (its progress in steps: the job reports it after each chunk of rows written); once done, the imported kind's lists are read anew. */
export const getImportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...importsKey, id],
    queryFn: () => api.get<ImportView>(`/imports/runs/${encodeURIComponent(id)}`),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'DONE' || status === 'FAILED' ? false : 500;
    },
  });

export const useImport = (id: string | null) => useQuery({ ...getImportQueryOptions(id ?? ''), enabled: id !== null });

/** A file the server keeps behind the bearer token (the template, the report), by the path it names under /api. */
export const downloadImportFile = (path: string, language: string): Promise<Blob> =>
  api.blob(path.replace(new RegExp(`^${apiBaseUrl}`), ''), { query: { lang: language === 'de' ? 'de' : 'en' } });

/** The file's bytes as base64, as the import routes take them (the server finds the encoding). */
export function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
