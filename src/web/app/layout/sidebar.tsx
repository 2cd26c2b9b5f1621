import { useMemo, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { can } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { useCompanyFunctions } from '../../lib/company-display';
import { useChangeRights } from '../../lib/use-change-rights';
import { englishT } from '../../lib/i18n';
import { Spinner } from '../../ui/spinner';
import { CompanyLogo } from './company-logo';
import { NavIcon } from './nav-icons';
import { isNavItemActive, visibleNavItems, type NavItem } from './nav-items';
import './sidebar.css';

export interface SidebarProps {
  /** The master user's company selector, shown at the top of the sidebar. */
  companySelector?: ReactNode;
}

/**
 * Logo and navigation. Its language is always English (spec section 2), whatever the user picked,
 * so it translates with a `t` pinned to English and marks itself `lang="en"`.
 */
export function Sidebar({ companySelector }: SidebarProps) {
  const { i18n } = useTranslation();
  const t = useMemo(() => englishT(i18n), [i18n]);
  const { status, session } = useAuth();
  const [path, navigate] = useLocation();
  const functions = useCompanyFunctions();
  const changeRights = useChangeRights();
  const items = visibleNavItems(session, functions.isOn, changeRights);

  return (
    <aside className="sidebar" lang="en" aria-label={t('nav.sidebar')}>
      <div className="sidebar-logo">
        <CompanyLogo companyId={session?.company ?? null} t={t} />
      </div>
      {can(session, 'chooseCompany') ? <div className="sidebar-company-slot">{companySelector}</div> : null}
      <nav className="sidebar-nav" aria-label={t('nav.mainNavigation')}>
        {status === 'loading' ? (
          <div className="sidebar-loading">
            <Spinner aria-label={t('common.loading')} />
          </div>
        ) : null}
        <ul>
          {status === 'authenticated'
            ? items.map((item) => (
                <SidebarItem key={item.id} item={item} label={t(`nav.${item.id}`)} isActive={isNavItemActive(item, path)} onSpace={navigate} />
              ))
            : null}
        </ul>
      </nav>
    </aside>
  );
}

function SidebarItem({ item, label, isActive, onSpace }: { item: NavItem; label: string; isActive: boolean; onSpace: (to: string) => void }) {
  // Links answer Enter natively; the spec wants Space to activate an item too.
  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    onSpace(item.target);
  };
  return (
    <li>
      <Link href={item.target} className="sidebar-link" aria-current={isActive ? 'page' : undefined} onKeyDown={onKeyDown}>
        <NavIcon id={item.id} />
        <span>{label}</span>
      </Link>
    </li>
  );
}
