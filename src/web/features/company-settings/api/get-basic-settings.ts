import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BasicSettingsUpdate } from '../../../../domain/company/company.schema';
import type { CompanySettingsView } from '../../../../domain/company/company.views';
import type { MaterialFeatureNames } from '../../../../domain/materials/materials.schema';
import { api, apiBaseUrl } from '../../../lib/api';
import { useCompanyDisplay } from '../../../lib/company-display';
import { useObjectUrl } from '../../../lib/object-url';
import { materialsKey } from '../../../lib/resources/keys';

export const getBasicSettings = (): Promise<CompanySettingsView> => api.get<CompanySettingsView>('/company-account/basic-settings');

/** Keyed by company, so a master's company switch reads the new company's settings. */
export const getBasicSettingsQueryOptions = (companyId: string) =>
  queryOptions({ queryKey: ['company-settings', companyId, 'basic'], queryFn: getBasicSettings });

/** The signed-in company's basic settings; idle while no company is selected. */
export function useBasicSettings(companyId: string | null) {
  return useQuery({ ...getBasicSettingsQueryOptions(companyId ?? ''), enabled: Boolean(companyId) });
}

/** `PUT /api/company-account/updateBasicSettings`; a save refreshes every read of the company's settings. */
export function useUpdateBasicSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: BasicSettingsUpdate) => api.put<CompanySettingsView>('/company-account/updateBasicSettings', update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['company-settings'] }),
  });
}

/** `PUT /api/company-account/logo` with one PNG or JPEG file. */
export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('logo', file);
      return api.put<CompanySettingsView>('/company-account/logo', body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['company-settings'] }),
  });
}

/**
 * The logo's image as a blob: the server keeps it behind the bearer token. `filePath` is what the
 * settings answer (`/api/company-account/logo?v=...`); its version makes each upload a new key.
 */
export const getCompanyLogoQueryOptions = (filePath: string) =>
  queryOptions({
    queryKey: ['company-settings', 'logo', filePath],
    queryFn: () => api.blob(filePath.startsWith(`${apiBaseUrl}/`) ? filePath.slice(apiBaseUrl.length) : filePath),
    staleTime: Infinity,
  });

/** An object URL of the company's uploaded logo, or null while there is none (or it failed to load). */
export function useCompanyLogoUrl(companyId: string | null): string | null {
  const settings = useCompanyDisplay(companyId);
  const filePath = settings.data?.logo?.filePath ?? null;
  const logo = useQuery({ ...getCompanyLogoQueryOptions(filePath ?? ''), enabled: Boolean(filePath) });
  return useObjectUrl(filePath ? (logo.data ?? null) : null);
}

/**
 * The attribute and value names in use in the company's materials (the favourites' choices). Keyed
 * under `materials`, so a change of a material refreshes them.
 */
export const getMaterialFeatureNamesQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: [...materialsKey, 'feature-names', companyId],
    queryFn: () => api.get<MaterialFeatureNames>('/materials/feature-names'),
  });

export const useMaterialFeatureNames = (companyId: string) => useQuery(getMaterialFeatureNamesQueryOptions(companyId));
