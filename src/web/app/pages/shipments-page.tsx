import { useTranslation } from 'react-i18next';
import { Redirect, useParams } from 'wouter';
import { DocumentsPanel } from '../../features/documents';
import { AddShipmentScreen, CarriersScreen, EditShipmentScreen, ShipmentDetailsScreen } from '../../features/shipments';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** order/shipment/:id (a shipment's details; without one, the Shipping Orders tab), order/add-shipment-order(/:id to edit) and order/carriers. */
export default function ShipmentsPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  const { id } = useParams<{ id?: string }>();
  useDocumentTitle(t(`screens.${screen}.title`));
  if (screen === 'carriers') return <CarriersScreen />;
  if (screen === 'addShipmentOrder') return id ? <EditShipmentScreen /> : <AddShipmentScreen />;
  return id ? (
    <ShipmentDetailsScreen documents={<DocumentsPanel types={['delivery-bill']} subjectId={id} />} />
  ) : (
    <Redirect to="/order?kind=shipping" replace />
  );
}
