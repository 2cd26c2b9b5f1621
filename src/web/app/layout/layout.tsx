import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
// The component's own file: the feature's index brings its screens and their tables along.
import { InterruptionAlerts } from '../../features/interruptions/components/interruption-alerts';
import { Header } from './header';
import { MasterCompanyGate } from './master-company-gate';
import { MasterCompanySelector } from './master-company-selector';
import { Sidebar } from './sidebar';
import './layout.css';

export interface LayoutProps {
  children: ReactNode;
  /** The master user's company selector for the top of the sidebar. */
  companySelector?: ReactNode;
}

/** The frame of every signed-in screen: sidebar, header and the screen itself. */
export function Layout({ children, companySelector }: LayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <InterruptionAlerts />
      <Sidebar companySelector={companySelector ?? <MasterCompanySelector />} />
      <div className="shell-main">
        <Header />
        <main id="main" className="shell-content" tabIndex={-1}>
          <MasterCompanyGate>{children}</MasterCompanyGate>
        </main>
      </div>
    </div>
  );
}
