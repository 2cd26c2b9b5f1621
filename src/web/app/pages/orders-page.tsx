import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { AddClientScreen, ClientsScreen, EditClientScreen } from '../../features/clients';
import { OrderCostingPanel } from '../../features/costing';
import { DocumentsPanel, orderDocumentTypes } from '../../features/documents';
import { OrderInterruptions } from '../../features/interruptions';
import { AddOrderScreen, EditOrderScreen, OrderDetailsScreen, OrderHistoryScreen, OrdersScreen } from '../../features/orders';
import { addShipmentHref, SHIPPING_TAB, ShipmentsTab } from '../../features/shipments';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** The customer directory's screens: their titles are console texts (clients.json), not the public screens.json. */
const clientScreens: ReadonlySet<string> = new Set(['clients', 'addClient', 'editClient']);

/**
 * order (tabs), order/add-order, order/logistic-order, order/edit-order, an order's details and history, and the
 * customer directory (clients, clients/add-client, clients/edit-client).
 */
export default function OrdersPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  useDocumentTitle(t(clientScreens.has(screen) ? `clients.screens.${screen}.title` : `screens.${screen}.title`));
  switch (screen) {
    case 'addOrder':
      return <AddOrderScreen key="add" kind={search.get('kind') === 'production' ? 'production' : 'customer'} />;
    case 'logisticOrder':
      return <AddOrderScreen key="logistics" kind="logistics" />;
    case 'editOrder':
      return <EditOrderScreen />;
    case 'orderDetails':
      return (
        <OrderDetailsScreen
          costing={(order) => <OrderCostingPanel orderId={order.id} orderHref={(id) => `/order/details/${id}`} />}
          documents={(order) => <DocumentsPanel types={orderDocumentTypes(order.kind)} subjectId={order.id} />}
        />
      );
    case 'clients':
      return <ClientsScreen />;
    case 'addClient':
      return <AddClientScreen />;
    case 'editClient':
      return <EditClientScreen />;
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
