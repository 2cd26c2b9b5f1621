import { foldEvents } from '../../../domain/shared/decider.js';
import { initialShipmentState, shipmentDecider, type LiveShipmentState, type ShipmentState } from '../../../domain/shipments/shipment.decider.js';
import { shipmentEvents, type ShipmentEvent } from '../../../domain/shipments/shipment.events.js';
import type { Tx } from '../../platform/db.js';
import { knownRecordedOf, type InlineProjection, type StoredEvent } from '../../platform/event-store.js';
import { attachmentPath } from './shipment-attachment.files.js';
import './shipments.tables.js';

/** The list row of a shipment as `evolveShipment` left it. */
function rowOf(shipment: LiveShipmentState, companyId: string, version: number) {
  return {
    company_id: companyId,
    number: shipment.number,
    shipment_number: shipment.shipmentNumber,
    status: shipment.status,
    customer_name: shipment.customerName,
    carrier_id: shipment.details.carrier.carrierId,
    carrier_name: shipment.details.carrier.name,
    tracking_id: shipment.details.trackingId,
    link: shipment.details.link,
    shipping_date: shipment.details.shippingDate,
    order_ids: shipment.orders.map((order) => order.orderId),
    state: JSON.stringify(shipment),
    version,
    created_at: new Date(shipment.createdAt),
    updated_at: new Date(shipment.updatedAt),
  };
}

/** Which orders a shipment holds, and whether it still holds them open (one open shipment per order: the unique index). */
async function projectOrdersOf(tx: Tx, event: ShipmentEvent, companyId: string) {
  switch (event.type) {
    case 'ShipmentOrderAssigned':
      await tx
        .insertInto('shipment_orders')
        .values({
          shipment_id: event.data.shipmentId,
          order_id: event.data.order.orderId,
          company_id: companyId,
          open: true,
          quantity: event.data.order.quantity ?? null,
        })
        .execute();
      return;
    case 'ShipmentOrderReleased':
      await tx.deleteFrom('shipment_orders').where('shipment_id', '=', event.data.shipmentId).where('order_id', '=', event.data.orderId).execute();
      return;
    case 'ShipmentCanceled':
      await tx.deleteFrom('shipment_orders').where('shipment_id', '=', event.data.shipmentId).execute();
      return;
    case 'ShipmentSent':
      await tx.updateTable('shipment_orders').set({ open: false }).where('shipment_id', '=', event.data.shipmentId).execute();
      return;
    case 'ShipmentAttachmentAdded': {
      const { attachment } = event.data;
      await tx
        .insertInto('shipment_attachments')
        .values({
          id: attachment.attachmentId,
          shipment_id: event.data.shipmentId,
          company_id: companyId,
          file_name: attachment.fileName,
          content_type: attachment.contentType,
          size: attachment.size,
          path: attachmentPath(event.data.shipmentId, attachment.attachmentId),
          created_at: new Date(event.data.at),
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
      return;
    }
    case 'ShipmentAttachmentRemoved':
      await tx.deleteFrom('shipment_attachments').where('id', '=', event.data.attachmentId).execute();
      return;
    case 'ShipmentCreated':
    case 'ShipmentChanged':
    case 'ShipmentMarkedReadyForDispatch':
    case 'ShipmentDelivered':
      return;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/**
 * The shipment list row with the folded shipment, the orders it holds and its attachments, written
 * in the append's transaction. The row is folded on by the domain's own fold (`foldEvents` with the
 * shipment decider), so it never disagrees with what the decider sees.
 */
async function projectShipment(tx: Tx, appended: StoredEvent[]): Promise<void> {
  const events = appended.flatMap((event) => knownRecordedOf(shipmentEvents, event) ?? []);
  const first = events[0];
  if (!first) return;
  const companyId = first.companyId as string;
  const stored =
    first.streamVersion === 1 ? undefined : await tx.selectFrom('shipments').select('state').where('id', '=', first.data.shipmentId).executeTakeFirst();
  let state: ShipmentState = stored ? stored.state : initialShipmentState;
  for (const event of events) {
    state = foldEvents(shipmentDecider, [event], state);
    if (state.status === 'absent') return;
    // A new shipment's row goes in first: its orders and attachments refer to it.
    if (event.type === 'ShipmentCreated') {
      await tx
        .insertInto('shipments')
        .values({ id: state.shipmentId, ...rowOf(state, companyId, event.streamVersion) })
        .execute();
    }
    await projectOrdersOf(tx, event, companyId);
  }
  if (state.status === 'absent') return;
  await tx
    .updateTable('shipments')
    .set(rowOf(state, companyId, events[events.length - 1].streamVersion))
    .where('id', '=', state.shipmentId)
    .execute();
}

/** The shipment read model, in the append's transaction (a client reads its own write). */
export const shipmentsProjection: InlineProjection = {
  name: 'shipments',
  streamTypes: [shipmentEvents.streamType],
  tables: ['shipments', 'shipment_orders', 'shipment_attachments'],
  async apply(tx, events) {
    const byStream = new Map<string, StoredEvent[]>();
    for (const event of events) byStream.set(event.streamId, [...(byStream.get(event.streamId) ?? []), event]);
    for (const streamEvents of byStream.values()) await projectShipment(tx, streamEvents);
  },
};
