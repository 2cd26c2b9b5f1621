import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { DocumentsPanel, orderDocumentTypes } from '../../features/documents';
import { OrderInterruptions } from '../../features/interruptions';
import { AddOrderScreen, EditOrderScreen, OrderDetailsScreen, OrderHistoryScreen, OrdersScreen } from '../../features/orders';
import { addShipmentHref, SHIPPING_TAB, ShipmentsTab } from '../../features/shipments';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** order (tabs), order/add-order, order/logistic-order, order/edit-order, and an order's details and history. */
export default function OrdersPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  useDocumentTitle(t(`screens.${screen}.title`));
  switch (screen) {
    case 'addOrder':
      return <AddOrderScreen key="add" kind={search.get('kind') === 'production' ? 'production' : 'customer'} />;
    case 'logisticOrder':
      return <AddOrderScreen key="logistics" kind="logistics" />;
    case 'editOrder':
      return <EditOrderScreen />;
    case 'orderDetails':
      return <OrderDetailsScreen documents={(order) => <DocumentsPanel types={orderDocumentTypes(order.kind)} subjectId={order.id} />} />;
    case 'orderHistory':
      return <OrderHistoryScreen interruptions={(orderId) => <OrderInterruptions orderId={orderId} />} />;
    default:
      return (
        <OrdersScreen
          extraTabs={[
            { id: SHIPPING_TAB, label: t('shipments.tab'), panel: <ShipmentsTab />, add: { href: addShipmentHref, label: t('shipments.form.addTitle') } },
          ]}
        />
      );
  }
}
