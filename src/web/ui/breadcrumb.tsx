import { Breadcrumb as AriaBreadcrumb, Breadcrumbs, Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import './breadcrumb.css';

export interface Crumb {
  /** Already translated, e.g. 'Material', 'Product', 'Add New Product'. */
  label: string;
  /** Where the crumb leads; the last crumb is the current page and has none. */
  href?: string;
}

/** The trail above a screen, e.g. Material > Product > Add New Product. */
export function Breadcrumb({ crumbs, label }: { crumbs: Crumb[]; label?: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label ?? t('common.breadcrumb')}>
      <Breadcrumbs className="breadcrumbs" items={crumbs.map((crumb, index) => ({ ...crumb, id: index }))}>
        {(crumb) => (
          <AriaBreadcrumb className="breadcrumb">
            <Link className="breadcrumb-link" href={crumb.href}>
              {crumb.label}
            </Link>
          </AriaBreadcrumb>
        )}
      </Breadcrumbs>
    </nav>
  );
}
