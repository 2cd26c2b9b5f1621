import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerAccountCreate, CustomerAccountEdit } from '../../../../domain/company/customer-account.schema';
import type { CustomerAccountDetail, CustomerAccountRow } from '../../../../domain/company/company.views';
import type { CustomerAccountEditView } from '../../../../domain/company/customer-account.views';
import { api, type Page } from '../../../lib/api';

/** `GET /api/company-account/all`: page counts from 1; companyName filters by part of the name. */
export interface CustomerListQuery {
  page: number;
  limit: number;
  companyName?: string;
}

/**
 * Every company-account query starts with this key, the sidebar's company list included, so a
 * change or a deletion here refreshes the selector as well.
 */
export const companyAccountsKey = ['company-accounts'] as const;

export const getCustomers = (query: CustomerListQuery): Promise<Page<CustomerAccountRow>> =>
  api.get<Page<CustomerAccountRow>>('/company-account/all', { query: { ...query } });

export const getCustomersQueryOptions = (query: CustomerListQuery) =>
  queryOptions({ queryKey: [...companyAccountsKey, query], queryFn: () => getCustomers(query), placeholderData: keepPreviousData });

/** One page of the customer accounts; the previous page stays visible while the next one loads. */
export const useCustomers = (query: CustomerListQuery) => useQuery(getCustomersQueryOptions(query));

export const getCustomer = (id: string): Promise<CustomerAccountEditView> =>
  api.get<CustomerAccountEditView>(`/company-account/byId/${encodeURIComponent(id)}`);

export const getCustomerQueryOptions = (id: string) => queryOptions({ queryKey: [...companyAccountsKey, 'detail', id], queryFn: () => getCustomer(id) });

export const useCustomer = (id: string) => useQuery({ ...getCustomerQueryOptions(id), enabled: id !== '' });

/** Saves the master's edit made on the copy of `update.version`; a stale copy answers CONFLICT_ERROR (409). */
export const updateCustomer = (id: string, update: CustomerAccountEdit): Promise<CustomerAccountEditView> =>
  api.put<CustomerAccountEditView>(`/company-account/byId/${encodeURIComponent(id)}`, update);

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: CustomerAccountEdit }) => updateCustomer(id, update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyAccountsKey }),
  });
}

/** Deletes the customer with all of its data and files; its users' tokens stop working. */
export const deleteCustomer = (id: string): Promise<unknown> => api.delete(`/company-account/byId/${encodeURIComponent(id)}`);

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: [...companyAccountsKey, 'detail', id] });
      return queryClient.invalidateQueries({ queryKey: companyAccountsKey });
    },
  });
}

/** `POST /api/company-account`: a new customer and the invitation of its super user. */
export function useAddCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerAccountCreate) => api.post<CustomerAccountDetail>('/company-account', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyAccountsKey }),
  });
}
