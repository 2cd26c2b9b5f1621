import type { MaterialType } from '../../../../domain/materials/materials.schema';
import type { OrderAction } from '../../../../domain/orders/order.machine';
import type { OrderDetails } from '../../../../domain/orders/order.events';
import type { OrderKind, OrderStatus } from '../../../../domain/orders/order.schema';
import type { Role } from '../../../../domain/shared/roles';

/** Where a production order stands: at a station (waiting, or in work since `workStartedAt`), or in WIP after the last one. */
export type OrderLocationView =
  | { stage: 'station'; stationId: string; stationName: string; arrivedAt: string; workStartedAt: string | null }
  | { stage: 'wip'; arrivedAt: string };

/** `GET /api/orders/{id}` and the answer of every change and action (docs/orders.md). */
export interface OrderView extends Omit<OrderDetails, 'positions'> {
  id: string;
  kind: OrderKind;
  number: number;
  orderNumber: string;
  status: OrderStatus;
  positions: {
    materialId: string;
    materialName: string;
    materialNumber: string;
    materialType: MaterialType;
    quantity: number;
    netPrice: number;
    useInventory: boolean;
    netAmount: number;
  }[];
  netSum: number;
  parentOrder: { id: string; orderNumber: string } | null;
  productionOrders: { id: string; orderNumber: string; materialId: string; quantity: number; status: OrderStatus; done: boolean }[];
  forStock: boolean;
  location: OrderLocationView | null;
  delayed: boolean;
  editable: boolean;
  /** What the machine allows now: the buttons to offer. */
  actions: OrderAction[];
  /** Sent back with every change and action; a stale one answers CONFLICT_ERROR. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A row of the order list, the home board, a worklist and the shop-floor display. */
export interface OrderListItem {
  id: string;
  kind: OrderKind;
  number: number;
  orderNumber: string;
  status: OrderStatus;
  name: string;
  place: string;
  prioritize: boolean;
  deliveryDate: string | null;
  stockOrder: boolean;
  netSum: number;
  parentOrderId: string | null;
  stage: 'station' | 'wip' | null;
  stationId: string | null;
  stationName: string | null;
  arrivedAt: string | null;
  workStartedAt: string | null;
  delayed: boolean;
  positions: { materialId: string; materialName: string; materialNumber: string; quantity: number }[];
  noteForProduction: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** `GET /api/orders/board`: the home board (at most `limit` rows of `total`). */
export interface HomeBoard {
  data: OrderListItem[];
  total: number;
  today: string;
}

/** `GET /api/stations/{id}/worklist`: prioritized first, then by delivery date. */
export interface Worklist {
  stationId: string;
  stationName: string;
  data: (OrderListItem & { inWork: boolean })[];
}

/** `GET|PUT /api/orders/advertisement`: the shop-floor display. */
export interface AdvertisementBoard {
  comment: string;
  updatedAt: string | null;
  orders: OrderListItem[];
}

/** One event of `GET /api/orders/{id}/history`: `type` and `data` fold with the domain's `evolveOrder`. */
export interface OrderHistoryEntry {
  version: number;
  type: string;
  /** ISO time it was recorded. */
  at: string;
  who: { userId: string | null; role: Role | null; name: string | null };
  data: Record<string, unknown>;
}

export interface OrderHistory {
  orderId: string;
  orderNumber: string;
  data: OrderHistoryEntry[];
}

/** A station as the order screens name and offer it. */
export interface StationChoice {
  id: string;
  name: string;
  incomingGoodsCheckIn: boolean;
  parameters: { name: string; value: number; unit: string; from: number | null; to: number | null }[];
}

/** `GET /api/users/{id}/station-authorizations`: the stations a user may sign in at and move orders to. */
export interface StationAuthorizations {
  userId: string;
  stationIds: string[];
}

/** A material as the position picker offers it. */
export interface MaterialChoice {
  id: string;
  type: MaterialType;
  name: string;
  materialNumber: string;
  netPrice: number | null;
  stock: { quantity: number; unit: string };
}

/** What the station screen shows of a material: its manufacturing steps. */
export interface MaterialSteps {
  id: string;
  name: string;
  manufacturingSteps: { process: string; material: string; tool: string; time: number | null; stationId: string | null }[];
}
