import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanySettingsView } from '../../../../domain/company/company.views';
import { api, apiBaseUrl } from '../../../lib/api';
import { useObjectUrl } from '../../../lib/object-url';

export const getBasicSettings = (): Promise<CompanySettingsView> => api.get<CompanySettingsView>('/company-account/basic-settings');

/** Keyed by company, so a master's company switch reads the new company's settings. */
export const getBasicSettingsQueryOptions = (companyId: string) =>
  queryOptions({ queryKey: ['company-settings', companyId, 'basic'], queryFn: getBasicSettings });

/** The signed-in company's basic settings; idle while no company is selected. */
export function useBasicSettings(companyId: string | null) {
  return useQuery({ ...getBasicSettingsQueryOptions(companyId ?? ''), enabled: Boolean(companyId) });
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
  const settings = useBasicSettings(companyId);
  const filePath = settings.data?.logo?.filePath ?? null;
  const logo = useQuery({ ...getCompanyLogoQueryOptions(filePath ?? ''), enabled: Boolean(filePath) });
  return useObjectUrl(filePath ? (logo.data ?? null) : null);
}
