import { useTranslation } from 'react-i18next';
import { defaultLanguage, englishTexts, englishT, hasTexts } from '../../lib/i18n';
import { PageSpinner } from '../../ui/spinner';
// A file, never inlined: the prerendered frame (built with no inlining) and the signed-in frame show the same logo.
import productLogo from './product-logo.svg?no-inline';
// The frame's styles come with the entry: this stand-in paints before the frame's own chunk is in.
import './layout.css';
import './sidebar.css';

/**
 * The signed-in frame before its script is in: the sidebar with the product's logo, an empty header bar and
 * a spinner where the screen goes. The server sends it prerendered for the addresses inside the frame
 * (vite.config.ts, prerenderPublicPages; docs/performance.md), so a signed-in user sees the console's frame at
 * once; the router shows the same while the frame, its providers and the console's texts download, and the
 * real frame replaces it when they are in. Its sidebar is English like the real one (spec section 2) once the
 * English texts are here (always when prerendered); the company's own logo comes with the real frame.
 */
export function ConsoleShell() {
  const { t, i18n } = useTranslation();
  const english = hasTexts(i18n, defaultLanguage, englishTexts);
  const sidebarT = english ? englishT(i18n) : t;
  return (
    <div className="shell" data-console-shell="">
      <aside className="sidebar" lang={english ? defaultLanguage : undefined} aria-label={english ? sidebarT('nav.sidebar') : undefined}>
        <div className="sidebar-logo">
          <img src={productLogo} alt={sidebarT('common.productLogo')} width={154} height={52} />
        </div>
      </aside>
      <div className="shell-main">
        <div className="shell-header" />
        <main id="main" className="shell-content" tabIndex={-1}>
          <PageSpinner />
        </main>
      </div>
    </div>
  );
}
