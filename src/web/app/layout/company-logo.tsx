import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useCompanyLogoUrl } from '../../features/company-settings/api/get-basic-settings';
// A file, never inlined: index.html's icon is the same file, and the prerendered pages (built with no inlining) must match.
import productLogo from './product-logo.svg?no-inline';

/**
 * The company's uploaded logo (basic settings, `logo.filePath`) when there is one and it loads,
 * otherwise the product's own logo. 154 by 52 pixels (spec section 2).
 */
export function CompanyLogo({ companyId, t }: { companyId: string | null; t: TFunction }) {
  const logoUrl = useCompanyLogoUrl(companyId);
  const [broken, setBroken] = useState<string | null>(null);
  if (logoUrl && broken !== logoUrl) {
    return <img src={logoUrl} alt={t('common.companyLogo')} width={154} height={52} onError={() => setBroken(logoUrl)} />;
  }
  return <img src={productLogo} alt={t('common.productLogo')} width={154} height={52} />;
}
