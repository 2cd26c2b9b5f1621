import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyDeletion } from '../../../../domain/company/company-account.schema';
import type { CompanyAccountView, CompanyExportView } from '../../../../domain/company/company-account.views';
import { api, apiBaseUrl, apiRequest } from '../../../lib/api';

const accountKey = ['company-account', 'account'] as const;

export const getCompanyAccount = (): Promise<CompanyAccountView> => api.get<CompanyAccountView>('/company-account/account');

/** The Account tab; while an export is being made it asks again every second (its progress). */
export const getCompanyAccountQueryOptions = () =>
  queryOptions({
    queryKey: accountKey,
    queryFn: getCompanyAccount,
    refetchInterval: (query) => {
      const status = query.state.data?.latestExport?.status;
      return status === 'PENDING' || status === 'RUNNING' ? 1000 : false;
    },
  });

export const useCompanyAccount = () => useQuery(getCompanyAccountQueryOptions());

/** `POST /api/company-account/exports`: a background job makes the zip; the account query follows it. */
export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CompanyExportView>('/company-account/exports'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKey }),
  });
}

/** The zip of a finished export, fetched with the bearer token (its path is the server's, under /api). */
export const downloadExport = (downloadPath: string): Promise<Blob> => api.blob(downloadPath.replace(new RegExp(`^${apiBaseUrl}`), ''));

/** `DELETE /api/company-account`: the super user deletes the company, confirmed by its name. */
export const deleteCompanyAccount = (confirmation: CompanyDeletion): Promise<{ deleted: true }> =>
  apiRequest<{ deleted: true }>('DELETE', '/company-account', { body: confirmation });

export const useDeleteCompanyAccount = () => useMutation({ mutationFn: deleteCompanyAccount });
