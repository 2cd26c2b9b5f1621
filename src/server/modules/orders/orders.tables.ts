import type { ColumnType, Selectable } from 'kysely';
import type { LiveOrderState } from '../../../domain/orders/order.decider.js';
import type { OrderKind, OrderStatus } from '../../../domain/orders/order.schema.js';

/** A position as the list, the worklist and the in-production check read it. */
export interface PositionSummary {
  materialId: string;
  materialName: string;
  materialNumber: string;
  quantity: number;
}

/**
 * One row per order stream: the order list, the home board, station worklists and the shop-floor
 * display read it. Written by the inline projection in the append's transaction.
 */
export interface OrdersTable {
  id: string;
  company_id: string;
  kind: OrderKind;
  number: number;
  order_number: string;
  status: OrderStatus;
  name: string;
  place: string;
  prioritize: boolean;
  /** `date`: read back as `YYYY-MM-DD` text (see the cast in the queries). */
  delivery_date: ColumnType<string | null, string | null, string | null>;
  /** `date`: the day promised to the customer (read back as `YYYY-MM-DD` text); null when none. */
  promised_date: ColumnType<string | null, string | null | undefined, string | null>;
  stock_order: boolean;
  /** numeric: arrives from pg as a string. */
  net_sum: ColumnType<string, number, number>;
  parent_order_id: string | null;
  /** The client of the customer directory the order is linked to (`clientId` of its events); null when none. */
  client_id: ColumnType<string | null, string | null | undefined, string | null>;
  stage: 'station' | 'wip' | null;
  station_id: string | null;
  arrived_at: Date | null;
  work_started_at: Date | null;
  /** jsonb: written as JSON text. */
  positions: ColumnType<PositionSummary[], string, string>;
  note_for_production: string;
  /** The quality flag (`qualityOf` the latest measurements): null before any. */
  quality: ColumnType<'passed' | 'failed' | null, 'passed' | 'failed' | null | undefined, 'passed' | 'failed' | null>;
  /** The production order this one was split off (good pieces sent on, or rework); null otherwise. */
  split_from_order_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A production order's pieces (`quantitiesOf`; 0 for other kinds): ordered, at its station now, finished good, scrapped, sent to rework. */
  pieces_ordered: ColumnType<number, number | undefined, number>;
  pieces_open: ColumnType<number, number | undefined, number>;
  pieces_good: ColumnType<number, number | undefined, number>;
  pieces_scrap: ColumnType<number, number | undefined, number>;
  pieces_rework: ColumnType<number, number | undefined, number>;
  /** The order stream's version: what a client sends back with every action. */
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** The order as `evolveOrder` folded it, so a read needs no replay; kept apart from the narrow list row. */
export interface OrderStatesTable {
  id: string;
  company_id: string;
  state: ColumnType<LiveOrderState, string, string>;
}

/** The last order number a company handed out; the next order takes the one after. */
export interface OrderCountersTable {
  company_id: string;
  last_number: number;
}

/** Where each operator signed in at a station last (projection of the stations' `OperatorSignedIn`). */
export interface OperatorStationsTable {
  user_id: string;
  company_id: string;
  station_id: string;
  signed_in_at: Date;
}

/** The shop-floor display's announcement line, one per company. */
export interface OrderAdvertisementsTable {
  company_id: string;
  comment: string;
  updated_at: Date;
}

export type OrderRow = Selectable<OrdersTable>;

declare module '../../platform/db.js' {
  interface Tables {
    orders: OrdersTable;
    order_states: OrderStatesTable;
    order_counters: OrderCountersTable;
    operator_stations: OperatorStationsTable;
    order_advertisements: OrderAdvertisementsTable;
  }
}
