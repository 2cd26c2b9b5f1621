import type { DomainEvent, EventCatalogue } from '../shared/decider.js';
import { documentEvents, type DocumentEvent } from '../documents/documents.events.js';
import { interruptionEvents, type InterruptionEvent } from '../interruptions/interruption.events.js';
import { orderEvents, type OrderEvent } from '../orders/order.events.js';
import { ncrEvents, type NcrEvent } from '../quality/ncr.events.js';
import type { OrderStatus } from '../orders/order.rules.js';
import { shipmentEvents, type ShipmentEvent } from '../shipments/shipment.events.js';
import { webhookEndpointEvents, type WebhookEndpointEvent } from './webhooks.events.js';
import { WEBHOOK_PAYLOAD_VERSION, WEBHOOK_TEST_EVENT_TYPE, type WebhookEventType } from './webhooks.schema.js';

/** The `data` of a public event: plain JSON, documented per type in docs/integration.md. */
export type WebhookData = Record<string, string | number | boolean | null>;

/**
 * One row of the public mapping: an internal event type (read by its stream's catalogue, so older
 * shapes are upcast) becomes a public type with a stable `data`. The table grows by rows; a row is
 * never changed once landed: a changed `data` shape is a new payload version.
 */
export interface WebhookPayloadRow {
  publicType: WebhookEventType | typeof WEBHOOK_TEST_EVENT_TYPE;
  streamType: string;
  internalType: string;
  /** The public data of the event, or undefined when the stored event is not of this row. */
  dataOf(event: DomainEvent): WebhookData | undefined;
}

function row<Event extends DomainEvent, Type extends Event['type']>(
  publicType: WebhookPayloadRow['publicType'],
  catalogue: EventCatalogue<Event>,
  internalType: Type,
  data: (event: Extract<Event, { type: Type }>) => WebhookData,
): WebhookPayloadRow {
  const ofType = (event: Event): event is Extract<Event, { type: Type }> => event.type === internalType;
  return {
    publicType,
    streamType: catalogue.streamType,
    internalType,
    dataOf(stored) {
      const event = catalogue.read(stored);
      return event && ofType(event) ? data(event) : undefined;
    },
  };
}

/** The order statuses the order events lead to: the public `order.status_changed` says the status, not the internal fact. */
const statusOfOrderEvent = {
  OrderPlaced: 'ordered',
  ProductionStarted: 'in-progress',
  ProductionFinished: 'finished',
  OrderReadyToShip: 'ready-to-ship',
  OrderReadyToUse: 'ready-to-use',
  OrderReadyForDispatch: 'ready-for-dispatch',
  OrderDispatched: 'dispatched',
  OrderDelivered: 'delivered',
  OrderCheckedIn: 'delivered',
  OrderFinished: 'finished',
  OrderCanceled: 'canceled',
  OrderReleased: 'ready-to-ship',
} as const satisfies Partial<Record<OrderEvent['type'], OrderStatus>>;

const statusRows = (Object.keys(statusOfOrderEvent) as (keyof typeof statusOfOrderEvent)[]).map((internalType) =>
  row<OrderEvent, typeof internalType>('order.status_changed', orderEvents, internalType, (event) => ({
    orderId: event.data.orderId,
    status: statusOfOrderEvent[internalType],
    at: event.data.at,
  })),
);

/** The public mapping (payload version 1). */
export const webhookPayloads: readonly WebhookPayloadRow[] = [
  ...statusRows,
  row<OrderEvent, 'QuantityReported'>('order.quantity_reported', orderEvents, 'QuantityReported', ({ data }) => ({
    orderId: data.orderId,
    stationId: data.stationId,
    good: data.good,
    scrap: data.scrap,
    rework: data.rework,
    scrapReason: data.scrapReason,
    reworkReason: data.reworkReason,
    at: data.at,
  })),
  row<ShipmentEvent, 'ShipmentSent'>('shipment.sent', shipmentEvents, 'ShipmentSent', ({ data }) => ({ shipmentId: data.shipmentId, at: data.at })),
  row<ShipmentEvent, 'ShipmentDelivered'>('shipment.delivered', shipmentEvents, 'ShipmentDelivered', ({ data }) => ({
    shipmentId: data.shipmentId,
    at: data.at,
  })),
  row<InterruptionEvent, 'InterruptionReported'>('interruption.reported', interruptionEvents, 'InterruptionReported', ({ data }) => ({
    interruptionId: data.interruptionId,
    stationId: data.stationId,
    orderId: data.orderId,
    reason: data.reasonName,
    note: data.note,
    at: data.at,
  })),
  row<InterruptionEvent, 'InterruptionResolved'>('interruption.resolved', interruptionEvents, 'InterruptionResolved', ({ data }) => ({
    interruptionId: data.interruptionId,
    stationId: data.stationId,
    orderId: data.orderId,
    reportedAt: data.reportedAt,
    note: data.note,
    at: data.at,
  })),
  row<DocumentEvent, 'DocumentGenerated'>('document.ready', documentEvents, 'DocumentGenerated', ({ data }) => ({
    documentId: data.documentId,
    pages: data.pages,
    size: data.size,
    at: data.at,
  })),
  row<NcrEvent, 'NonConformanceOpened'>('ncr.opened', ncrEvents, 'NonConformanceOpened', ({ data }) => ({
    ncrId: data.ncrId,
    number: data.number,
    orderId: data.orderId,
    orderNumber: data.orderNumber,
    stationId: data.stationId,
    stationName: data.stationName,
    materialId: data.materialId,
    materialName: data.materialName,
    materialNumber: data.materialNumber,
    pieces: data.pieces,
    valueName: data.measurement.valueName,
    measured: data.measurement.measured,
    nominal: data.measurement.nominal,
    minTolerance: data.measurement.minTolerance,
    maxTolerance: data.measurement.maxTolerance,
    unit: data.measurement.unit,
    at: data.at,
  })),
  row<NcrEvent, 'NonConformanceDecided'>('ncr.decided', ncrEvents, 'NonConformanceDecided', ({ data }) => ({
    ncrId: data.ncrId,
    disposition: data.disposition,
    note: data.note,
    reworkStationId: data.reworkStationId,
    reworkStationName: data.reworkStationName,
    scrapReason: data.scrapReason,
    at: data.at,
  })),
  row<NcrEvent, 'NonConformanceClosed'>('ncr.closed', ncrEvents, 'NonConformanceClosed', ({ data }) => ({ ncrId: data.ncrId, at: data.at })),
  row<WebhookEndpointEvent, 'WebhookTestRequested'>(WEBHOOK_TEST_EVENT_TYPE, webhookEndpointEvents, 'WebhookTestRequested', ({ data }) => ({
    endpointId: data.endpointId,
    at: data.at,
  })),
];

/** The internal event types some row maps: what a delivery reads the log for. */
export const mappedInternalTypes: readonly string[] = [...new Set(webhookPayloads.map((payload) => payload.internalType))];

const rowsByInternalType = new Map<string, WebhookPayloadRow[]>();
for (const payload of webhookPayloads) rowsByInternalType.set(payload.internalType, [...(rowsByInternalType.get(payload.internalType) ?? []), payload]);

/** A stored event as the log hands it out, reduced to what the mapping reads. */
export interface LoggedEvent extends DomainEvent {
  streamType: string;
  globalPosition: number;
}

/** What one endpoint is sent: the envelope (payload version 1) around the public data. */
export interface WebhookPayload {
  /** The message id, also the `webhook-id` header: the same on every retry and replay. */
  id: string;
  type: string;
  version: number;
  /** When the fact happened (the event's `at`), ISO 8601. */
  timestamp: string;
  /** The event's log position: what a replay starts from. */
  position: number;
  data: WebhookData;
}

/**
 * The public event of a logged event for an endpoint subscribed to `eventTypes`, or undefined when
 * the endpoint gets nothing of it (unmapped, not subscribed, another endpoint's test event).
 */
export function webhookPayloadOf(event: LoggedEvent, endpoint: { id: string; eventTypes: readonly string[] }, messageId: string): WebhookPayload | undefined {
  for (const payload of rowsByInternalType.get(event.type) ?? []) {
    if (payload.streamType !== event.streamType) continue;
    const data = payload.dataOf(event);
    if (!data) continue;
    const wanted = payload.publicType === WEBHOOK_TEST_EVENT_TYPE ? data.endpointId === endpoint.id : endpoint.eventTypes.includes(payload.publicType);
    if (!wanted) return undefined;
    return { id: messageId, type: payload.publicType, version: WEBHOOK_PAYLOAD_VERSION, timestamp: String(data.at), position: event.globalPosition, data };
  }
  return undefined;
}
