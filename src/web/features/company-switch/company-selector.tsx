import { useMemo, useState } from 'react';
import type { Key } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth';
import { englishT } from '../../lib/i18n';
import { ComboBox, ComboBoxItem } from '../../ui/combobox';
import { useNotify } from '../../ui/notification-bar';
import { useSwitchCompany } from './api/switch-company';

export interface SelectableCompany {
  id: string;
  companyName: string;
}

export interface CompanySelectorProps {
  /** The customer accounts to choose from (spec: page 1, limit 100). */
  companies: SelectableCompany[];
  isLoading?: boolean;
}

/**
 * The master user's company selector at the top of the sidebar. It shows the company the session
 * acts for (empty when none) and switches on choice. Like the sidebar it is always English; the
 * notification after a switch speaks the user's language.
 */
export function CompanySelector({ companies, isLoading }: CompanySelectorProps) {
  const { t, i18n } = useTranslation();
  const sidebarT = useMemo(() => englishT(i18n), [i18n]);
  const { session } = useAuth();
  const notify = useNotify();
  const switchCompany = useSwitchCompany();
  // The choice shows at once while the switch runs; a failed switch falls back to the current company.
  const [choice, setChoice] = useState<string | null>(null);
  const current = session?.company ?? null;

  const choose = (key: Key | null) => {
    if (key === null || String(key) === current || switchCompany.isPending) return;
    setChoice(String(key));
    switchCompany.mutate(String(key), {
      onSuccess: () => notify({ severity: 'success', message: t('message.companyChangedSuccess') }),
      onError: () => notify({ severity: 'error', message: t('message.errorChangingCompany') }),
      onSettled: () => setChoice(null),
    });
  };

  return (
    <ComboBox
      className="company-selector"
      label={sidebarT('nav.companySelector')}
      placeholder={isLoading ? sidebarT('companySwitch.loading') : sidebarT('companySwitch.placeholder')}
      value={choice ?? current}
      onChange={choose}
      defaultItems={companies}
      isDisabled={isLoading || switchCompany.isPending}
    >
      {(company) => (
        <ComboBoxItem id={company.id} textValue={company.companyName}>
          {company.companyName}
        </ComboBoxItem>
      )}
    </ComboBox>
  );
}
