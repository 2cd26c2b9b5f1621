import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerAccountRow } from '../../../../domain/company/company.views';
import { api, type Page } from '../../../lib/api';

export interface CompanyAccountsQuery {
  page: number;
  limit: number;
  companyName?: string;
}

/** Spec section 9: the company selector asks for page 1 with 100 accounts. */
export const companySelectorQuery: CompanyAccountsQuery = { page: 1, limit: 100 };

export const getCompanyAccounts = (query: CompanyAccountsQuery): Promise<Page<CustomerAccountRow>> =>
  api.get<Page<CustomerAccountRow>>('/company-account/all', { query: { ...query } });

export const getCompanyAccountsQueryOptions = (query: CompanyAccountsQuery) =>
  queryOptions({ queryKey: ['company-accounts', query], queryFn: () => getCompanyAccounts(query) });

/** The customers' company accounts, for the master user only; idle for everyone else. */
export function useCompanyAccounts(query: CompanyAccountsQuery, enabled: boolean) {
  return useQuery({ ...getCompanyAccountsQueryOptions(query), enabled });
}
