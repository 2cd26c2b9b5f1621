import { useEffect } from 'react';
import { useCompanyDisplay } from '../../lib/company-display';
import { setCompanyDateFormat } from '../../lib/locale';

/** Writes every date the console shows in the signed-in company's date format (its advanced settings). */
export function useCompanyDateFormat(companyId: string | null): void {
  const format = useCompanyDisplay(companyId).data?.dateFormat ?? null;
  useEffect(() => {
    setCompanyDateFormat(companyId ? format : null);
  }, [companyId, format]);
}
