import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './language-switch';
// A file, never inlined: index.html's icon is the same file, and the prerendered pages (built with no inlining) must match.
import productLogo from './product-logo.svg?no-inline';
import './layout.css';

/** The frame of the public pages (sign-in, registration, password links): a card on dark blue. */
export function PublicFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="public">
      <header className="public-header">
        <img className="public-logo" src={productLogo} alt={t('common.productLogo')} width={154} height={52} />
        <LanguageSwitch />
      </header>
      <main className="public-main" id="main">
        <div className="public-card">
          <h1>{title}</h1>
          {children}
        </div>
      </main>
    </div>
  );
}
