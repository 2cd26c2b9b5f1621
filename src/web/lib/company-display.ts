import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyFunction, Favourites } from '../../domain/company/company.schema';
import type { CompanyDisplayView } from '../../domain/company/company.views';
import { api } from './api';
import { useAuth } from './auth';

/**
 * What every user of the company reads of its settings (`GET /api/company-account/display`): name,
 * logo, date format, favourites and optional functions. Keyed by company under `company-settings`,
 * so a save of the settings (which invalidates that key) or a master's company switch reads it again.
 */
export const getCompanyDisplayQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: ['company-settings', companyId, 'display'],
    queryFn: () => api.get<CompanyDisplayView>('/company-account/display'),
  });

/** The display settings of `companyId`; idle while no company is selected. */
export function useCompanyDisplay(companyId: string | null) {
  return useQuery({ ...getCompanyDisplayQueryOptions(companyId ?? ''), enabled: Boolean(companyId) });
}

export interface CompanyFunctionsState {
  /** `pending` until the signed-in company's functions are read (or while no company is selected). */
  status: 'pending' | 'error' | 'success';
  /** The function is on: false while unknown, so a link of a function appears only once it is known to be on. */
  isOn(name: CompanyFunction): boolean;
  /** The function is known to be switched off (a screen of it shows "not found"). */
  isOff(name: CompanyFunction): boolean;
}

/**
 * The optional functions of the signed-in company (tab App function). A function switched off
 * leaves the menus and links (`isOn`), and its screens show "not found" (`isOff`; the route's
 * `function`), as its server routes answer 404.
 */
export function useCompanyFunctions(): CompanyFunctionsState {
  const { session } = useAuth();
  const display = useCompanyDisplay(session?.company ?? null);
  const functions = display.data?.functions;
  return {
    status: display.status,
    isOn: (name) => functions?.[name] === true,
    isOff: (name) => functions?.[name] === false,
  };
}

/** The favourite attributes and values of the signed-in company (tab App settings); null while unknown. */
export function useFavourites(): Favourites | null {
  const { session } = useAuth();
  return useCompanyDisplay(session?.company ?? null).data?.favourites ?? null;
}
