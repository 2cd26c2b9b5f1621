import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Breadcrumb, type Crumb } from '../../../ui/breadcrumb';

/** The header of an order page: the breadcrumb from Order down (`crumbs` after it), then the title and what goes beside it. */
export function OrderPageHeader({ crumbs, children }: { crumbs: Crumb[]; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="page-header order-header">
      <Breadcrumb crumbs={[{ label: t('screens.order.title'), href: '/order' }, ...crumbs]} />
      {children}
    </div>
  );
}
