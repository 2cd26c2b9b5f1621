import type { DocumentType } from '../../../domain/documents/documents.schema';
import type { OrderKind } from '../../../domain/orders/order.schema';

/** What an order's details offer to print: every order a traveler; a production order its test protocol, a logistics order its receipt. */
export function orderDocumentTypes(kind: OrderKind): DocumentType[] {
  if (kind === 'production') return ['order-traveler', 'test-protocol'];
  if (kind === 'logistics') return ['order-traveler', 'receipt'];
  return ['order-traveler'];
}
