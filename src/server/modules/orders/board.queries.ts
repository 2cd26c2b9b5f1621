import { sql } from 'kysely';
import type { BoardCard, BoardColumn, OrderPrediction, Predictions, StationBoard } from '../../../domain/orders/board.views.js';
import { goodsLeftStatuses, isDelayed } from '../../../domain/orders/order.machine.js';
import {
  predictCompletions,
  settingOf,
  stationCycleSeconds,
  worklistOrder,
  type PlannedOrder,
  type WorkingTime,
} from '../../../domain/orders/prediction.rules.js';
import { calendarDayIn, timeZoneOf } from '../../../domain/company/working-time.rules.js';
import { WIP_STAGE_NAME } from '../../../domain/stations/station.schema.js';
import type { Executor } from '../../platform/db.js';
import type { OrderHoldsReader } from './orders.queries.js';
import { boardStationsOf, recentCycleTimes } from '../stations/index.js';
import './orders.tables.js';

/** How the prediction is set up: the server's window (PREDICTION_WINDOW), the company's working time (else WORKING_TIME). */
export interface PredictionSettings {
  window: number;
  working: WorkingTime;
}

/**
 * Production orders on the line: at a station (in progress) or finished in the WIP stage, until
 * their customer order is dispatched (`goodsLeftStatuses`: the pieces went with it).
 */
async function lineRows(db: Executor) {
  return db
    .selectFrom('orders')
    .leftJoin('orders as parent', 'parent.id', 'orders.parent_order_id')
    .select([
      'orders.id',
      'orders.number',
      'orders.order_number',
      'orders.status',
      'orders.name',
      'orders.prioritize',
      'orders.stage',
      'orders.station_id',
      'orders.arrived_at',
      'orders.work_started_at',
      'orders.positions',
      'orders.quality',
      'orders.pieces_ordered',
      'orders.pieces_open',
      'orders.pieces_good',
      'orders.version',
      sql<string | null>`to_char(orders.delivery_date, 'YYYY-MM-DD')`.as('delivery_date'),
      sql<string | null>`to_char(orders.promised_date, 'YYYY-MM-DD')`.as('promised_date'),
    ])
    .where('orders.kind', '=', 'production')
    .where((eb) =>
      eb.or([
        eb.and([eb('orders.status', '=', 'in-progress'), eb('orders.stage', '=', 'station')]),
        eb.and([
          eb('orders.status', '=', 'finished'),
          eb('orders.stage', '=', 'wip'),
          eb.or([eb('parent.status', 'is', null), eb('parent.status', 'not in', [...goodsLeftStatuses])]),
        ]),
      ]),
    )
    .execute();
}
type LineRow = Awaited<ReturnType<typeof lineRows>>[number];

/** A production order in progress at a station, as the capacity plan reads it (docs/capacity-plan.md). */
export interface OrderAtStation {
  id: string;
  orderNumber: string;
  prioritize: boolean;
  /** `YYYY-MM-DD` or null. */
  deliveryDate: string | null;
  /** `YYYY-MM-DD` promised to the customer, or null. */
  promisedDate: string | null;
  stationId: string;
  arrivedAt: Date | null;
  workStartedAt: Date | null;
  /** The material made (a production order has positions of one material); null without positions. */
  materialId: string | null;
  /** Pieces at the station not yet reported. */
  piecesOpen: number;
}

/** The production orders in progress at a station (not those finished in WIP). */
export async function productionOrdersAtStations(db: Executor): Promise<OrderAtStation[]> {
  const rows = await lineRows(db);
  return rows
    .filter((row) => row.stage === 'station' && row.station_id)
    .map((row) => ({
      id: row.id,
      orderNumber: row.order_number,
      prioritize: row.prioritize,
      deliveryDate: row.delivery_date,
      promisedDate: row.promised_date,
      stationId: row.station_id as string,
      arrivedAt: row.arrived_at,
      workStartedAt: row.work_started_at,
      materialId: row.positions?.[0]?.materialId ?? null,
      piecesOpen: row.pieces_open,
    }));
}

const plannedOf = (row: LineRow): PlannedOrder => ({
  id: row.id,
  number: row.number,
  stationId: row.station_id as string,
  arrivedAt: (row.arrived_at ?? new Date(0)).toISOString(),
  workStartedAt: row.work_started_at ? row.work_started_at.toISOString() : null,
  prioritize: row.prioritize,
  deliveryDate: row.delivery_date,
});

async function plan(db: Executor, now: Date, settings: PredictionSettings) {
  const [rows, { stations, sequence }, cycleTimes] = await Promise.all([lineRows(db), boardStationsOf(db), recentCycleTimes(db, settings.window)]);
  const atStations = rows.filter((row) => row.stage === 'station' && row.station_id);
  const predictions = predictCompletions({
    now,
    sequence,
    cycleTimes,
    orders: atStations.map(plannedOf),
    working: settings.working,
    window: settings.window,
  });
  return { rows, stations, sequence, cycleTimes, predictions: new Map(predictions.map((prediction) => [prediction.orderId, prediction])) };
}

/** The predicted completion of every production order in progress (docs/prediction.md). */
export async function predictionsOf(db: Executor, now: Date, settings: PredictionSettings): Promise<Predictions> {
  const { predictions } = await plan(db, now, settings);
  const data: OrderPrediction[] = [...predictions.values()].map(({ orderId, predictedAt, willBeLate, queueAhead }) => ({
    orderId,
    predictedAt,
    willBeLate,
    queueAhead,
  }));
  return {
    data,
    window: settings.window,
    workingTime: settingOf(settings.working),
  };
}

/**
 * The station board (docs/board.md): a column per station of the saved sequence in its order, then
 * stations outside it that hold orders, then WIP; a card per production order with its prediction;
 * per column the count, the WIP limit (over it: marked) and the longest waiting time, the longest
 * of all marking the bottleneck.
 */
export async function stationBoardOf(db: Executor, now: Date, settings: PredictionSettings, holdsOf: OrderHoldsReader): Promise<StationBoard> {
  const { rows, stations, sequence, cycleTimes, predictions } = await plan(db, now, settings);
  const holds = await holdsOf(
    db,
    rows.map((row) => row.id),
  );
  const today = calendarDayIn(now, timeZoneOf(settings.working));
  const cycle = stationCycleSeconds(cycleTimes, settings.window);
  const byId = new Map(stations.map((station) => [station.id, station]));

  const cardOf = (row: LineRow): BoardCard => {
    const prediction = predictions.get(row.id);
    const positions = row.positions ?? [];
    return {
      id: row.id,
      orderNumber: row.order_number,
      status: row.status,
      version: row.version,
      material: positions[0]?.materialName ?? null,
      materialNumber: positions[0]?.materialNumber ?? null,
      quantity: row.stage === 'wip' ? row.pieces_good : row.pieces_open,
      ordered: row.pieces_ordered,
      customer: row.name,
      deliveryDate: row.delivery_date,
      promisedDate: row.promised_date,
      prioritize: row.prioritize,
      quality: row.quality ?? null,
      delayed: isDelayed({ status: row.status, deliveryDate: row.delivery_date }, today),
      inWork: Boolean(row.work_started_at),
      arrivedAt: row.arrived_at ? row.arrived_at.toISOString() : null,
      predictedAt: prediction?.predictedAt ?? null,
      willBeLate: prediction?.willBeLate ?? false,
      ...(holds.has(row.id) ? { hold: holds.get(row.id) } : {}),
    };
  };
  const sorted = (list: LineRow[]) =>
    list
      .map((row) => ({ row, planned: plannedOf(row) }))
      .sort((a, b) => worklistOrder(a.planned, b.planned))
      .map(({ row }) => row);

  const atStation = new Map<string, LineRow[]>();
  const inWip: LineRow[] = [];
  for (const row of rows) {
    if (row.stage === 'wip') inWip.push(row);
    else if (row.station_id) {
      const list = atStation.get(row.station_id);
      if (list) list.push(row);
      else atStation.set(row.station_id, [row]);
    }
  }
  const outside = [...atStation.keys()].filter((stationId) => !sequence.includes(stationId) && byId.has(stationId));
  outside.sort((a, b) => (byId.get(a)?.name ?? '').localeCompare(byId.get(b)?.name ?? ''));

  const columns: BoardColumn[] = [...sequence, ...outside].map((stationId) => {
    const station = byId.get(stationId);
    const orders = sorted(atStation.get(stationId) ?? []);
    const waiting = orders.filter((row) => !row.work_started_at && row.arrived_at);
    const waitingSeconds = waiting.reduce((longest, row) => Math.max(longest, Math.floor((now.getTime() - (row.arrived_at as Date).getTime()) / 1000)), 0);
    const wipLimit = station?.wipLimit ?? null;
    return {
      kind: 'station' as const,
      stationId,
      name: station?.name ?? '',
      inSequence: sequence.includes(stationId),
      count: orders.length,
      wipLimit,
      overLimit: wipLimit !== null && orders.length > wipLimit,
      waitingSeconds: Math.max(0, waitingSeconds),
      bottleneck: false,
      cycleSeconds: cycle.get(stationId) ?? null,
      cards: orders.map(cardOf),
    };
  });
  // The bottleneck: the station where an order has waited longest now (the first of equals in line order).
  const longest = columns.reduce<BoardColumn | null>((found, column) => (column.waitingSeconds > (found?.waitingSeconds ?? 0) ? column : found), null);
  if (longest) longest.bottleneck = true;
  const wip = sorted(inWip);
  columns.push({
    kind: 'wip',
    stationId: null,
    name: WIP_STAGE_NAME,
    inSequence: true,
    count: wip.length,
    wipLimit: null,
    overLimit: false,
    waitingSeconds: 0,
    bottleneck: false,
    cycleSeconds: null,
    cards: wip.map(cardOf),
  });
  return { columns, total: rows.length, at: now.toISOString(), today };
}
