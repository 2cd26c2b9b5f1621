import { orderAddressOfClient } from '../../../domain/clients/clients.schema';
import type { MaterialType } from '../../../domain/materials/materials.schema';
import type { OrderDetails } from '../../../domain/orders/order.events';
import { netSumOf, type OrderFormInput, type OrderKind } from '../../../domain/orders/order.schema';
import type { OrderView } from './api/types';

/** The material a position names, as the picker shows it. */
export interface PositionMaterial {
  id: string;
  label: string;
  type: MaterialType;
}

/** One position as the form keeps it: null numbers while a field is empty. */
export interface PositionDraft {
  /** Stable across reorders and removals, for React keys. */
  key: string;
  material: PositionMaterial | null;
  quantity: number | null;
  netPrice: number | null;
  useInventory: boolean;
}

/** The order form as the user types it; `orderFormSchema` decides whether it can be sent. */
export interface OrderDraft extends Omit<OrderDetails, 'deliveryDate' | 'promisedDate'> {
  /** `YYYY-MM-DD`, '' for none. */
  deliveryDate: string;
  /** `YYYY-MM-DD` promised to the customer, '' for none. */
  promisedDate: string;
  /** The linked client of the customer directory (its id, and the name the picker shows); null when typed freely. */
  client: { id: string; name: string } | null;
  positions: PositionDraft[];
}

let nextKey = 0;
export const positionKey = (): string => `position-${++nextKey}`;

export const emptyPosition = (): PositionDraft => ({ key: positionKey(), material: null, quantity: 1, netPrice: null, useInventory: false });

/** A new order: one empty position to start from. */
export function emptyDraft(): OrderDraft {
  return {
    name: '',
    street: '',
    houseNumber: '',
    addressSuffix: '',
    zip: '',
    place: '',
    country: '',
    prioritize: false,
    deliveryDate: '',
    promisedDate: '',
    noteForProduction: '',
    shippingMethod: '',
    incoterm: null,
    stockOrder: false,
    positions: [emptyPosition()],
    client: null,
    comment: '',
    workInProgress: '',
    packaging: '',
  };
}

/** How a material reads in the picker and on the order: "Wheel (F-2)". */
export const materialLabel = (material: { name: string; materialNumber: string }): string =>
  material.materialNumber ? `${material.name} (${material.materialNumber})` : material.name;

/** The form of a stored order, for the edit screen. */
export function draftOf(order: OrderView): OrderDraft {
  return {
    name: order.name,
    street: order.street,
    houseNumber: order.houseNumber,
    addressSuffix: order.addressSuffix,
    zip: order.zip,
    place: order.place,
    country: order.country,
    prioritize: order.prioritize,
    deliveryDate: order.deliveryDate ?? '',
    promisedDate: order.promisedDate ?? '',
    noteForProduction: order.noteForProduction,
    shippingMethod: order.shippingMethod,
    incoterm: order.incoterm,
    stockOrder: order.stockOrder,
    positions: order.positions.map((position) => ({
      key: positionKey(),
      material: {
        id: position.materialId,
        label: materialLabel({ name: position.materialName, materialNumber: position.materialNumber }),
        type: position.materialType,
      },
      quantity: position.quantity,
      netPrice: position.netPrice,
      useInventory: position.useInventory,
    })),
    client: order.clientId ? { id: order.clientId, name: order.client?.name ?? order.name } : null,
    comment: order.comment,
    workInProgress: order.workInProgress,
    packaging: order.packaging,
  };
}

/** A client's address as the order takes it: the delivery address, or the billing address when no delivery address is kept. */
export function clientFields(client: {
  id: string;
  name: string;
  deliveryAddress: Pick<OrderDetails, 'street' | 'houseNumber' | 'addressSuffix' | 'zip' | 'place' | 'country'>;
  billingAddress: Pick<OrderDetails, 'street' | 'houseNumber' | 'addressSuffix' | 'zip' | 'place' | 'country'>;
}): Pick<OrderDraft, 'client' | 'name' | 'street' | 'houseNumber' | 'addressSuffix' | 'zip' | 'place' | 'country'> {
  return { client: { id: client.id, name: client.name }, ...orderAddressOfClient(client) };
}

/**
 * The form as the domain schema reads it. Only customer orders take stock or are stock orders:
 * for the other kinds those flags are never sent, as the decider would drop them anyway.
 */
export function formInputOf(kind: OrderKind, draft: OrderDraft): OrderFormInput {
  const { positions, deliveryDate, promisedDate, stockOrder, client, ...fields } = draft;
  const customer = kind === 'customer';
  return {
    ...fields,
    clientId: client?.id ?? null,
    deliveryDate: deliveryDate === '' ? null : deliveryDate,
    promisedDate: promisedDate === '' ? null : promisedDate,
    stockOrder: customer && stockOrder,
    positions: positions.map((position) => ({
      materialId: position.material?.id ?? '',
      quantity: position.quantity as number,
      netPrice: position.netPrice as number,
      useInventory: customer && position.useInventory,
    })),
  };
}

/** The net sum as the user types: quantity times net price of every position filled in, exact to the cent. */
export function draftNetSum(draft: Pick<OrderDraft, 'positions'>): number {
  return netSumOf(
    draft.positions.flatMap((position) =>
      position.quantity !== null && position.netPrice !== null && Number.isFinite(position.quantity) && Number.isFinite(position.netPrice)
        ? [{ quantity: position.quantity, netPrice: position.netPrice }]
        : [],
    ),
  );
}
