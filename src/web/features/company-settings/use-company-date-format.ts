import { useEffect } from 'react';
import { setCompanyDateFormat } from '../../lib/locale';
import { useCompanyDisplay } from './api/get-basic-settings';

/** Writes every date the console shows in the signed-in company's date format (its advanced settings). */
export function useCompanyDateFormat(companyId: string | null): void {
  const format = useCompanyDisplay(companyId).data?.dateFormat ?? null;
  useEffect(() => {
    setCompanyDateFormat(companyId ? format : null);
  }, [companyId, format]);
}
