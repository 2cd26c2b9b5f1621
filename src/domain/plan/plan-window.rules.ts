import { calendarDayIn, defaultWorkingTime, settingOf, startOfDayIn, timeZoneOf } from '../company/working-time.rules.js';
import type { CapacityPlan, OrderPlan, PlannedOperation } from './capacity-plan.rules.js';
import { PLAN_WINDOW_DAYS, PLAN_WINDOW_MAX_DAYS } from './plan.schema.js';
import type { CapacityPlanView } from './plan.views.js';

const dayMs = 86_400_000;

export interface PlanWindow {
  /** ISO moments; an operation is answered when it overlaps [from, to). */
  from: string;
  to: string;
}

/** The station rows a plan read answers: `limit` rows from `offset` in the stations' order (null: all from `offset`). */
export interface PlanRows {
  offset: number;
  limit: number | null;
}

/** Every row of the plan. */
export const allRows: PlanRows = { offset: 0, limit: null };

/**
 * The window a plan read answers (docs/capacity-plan.md, "A smaller answer"): `from` by default the
 * start of the plan's day in the company's zone, `to` by default `PLAN_WINDOW_DAYS` after `from`.
 * Null when `to` is not after `from` or the window is longer than `PLAN_WINDOW_MAX_DAYS`.
 */
export function planWindowOf(asked: { from?: string; to?: string }, now: string, timeZone: string): PlanWindow | null {
  const from = asked.from ? Date.parse(asked.from) : startOfDayIn(calendarDayIn(now, timeZone), timeZone).getTime();
  const to = asked.to ? Date.parse(asked.to) : from + PLAN_WINDOW_DAYS * dayMs;
  if (to <= from || to - from > PLAN_WINDOW_MAX_DAYS * dayMs) return null;
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/** An operation of a station's row with its times as numbers. */
interface RowOperation {
  rank: number;
  operation: PlannedOperation;
  start: number;
  end: number;
}

/** What the plan's totals in a window are: the Gantt's header and axis, whatever rows it shows. */
type PlanTotals = CapacityPlanView['totals'];

/**
 * A plan laid out by station rows, made once per plan and kept with it: each station's operations
 * (times parsed once) and queue of waiting orders in plan order, and the totals per window asked.
 */
export interface PlanIndex {
  rows: Map<string, { operations: RowOperation[]; queue: string[] }>;
  totals: Map<string, PlanTotals>;
}

export function planIndexOf(plan: CapacityPlan): PlanIndex {
  const rows = new Map(plan.input.stations.map((station) => [station.id, { operations: [] as RowOperation[], queue: [] as string[] }]));
  // Operations back to back share their moments (one text each): each is parsed once.
  const parsed = new Map<string, number>();
  const msOf = (at: string) => {
    let ms = parsed.get(at);
    if (ms === undefined) parsed.set(at, (ms = Date.parse(at)));
    return ms;
  };
  for (const order of plan.orders) {
    for (const operation of order.operations) {
      const row = rows.get(operation.stationId);
      if (!row) continue;
      row.operations.push({ rank: order.rank, operation, start: msOf(operation.startAt), end: msOf(operation.endAt) });
      if (operation.step === 0 && !operation.inProgress) row.queue.push(order.orderId);
    }
  }
  return { rows, totals: new Map() };
}

/** Overlaps [from, to): an operation of no length counts at its start. */
const overlaps = (operation: RowOperation, from: number, to: number) =>
  operation.start < to && (operation.end > from || (operation.end === operation.start && operation.start >= from));

function totalsOf(plan: CapacityPlan, index: PlanIndex, from: number, to: number): PlanTotals {
  const key = `${from}/${to}`;
  const kept = index.totals.get(key);
  if (kept) return kept;
  const ranks = new Set<number>();
  let lastEnd = Number.NEGATIVE_INFINITY;
  for (const row of index.rows.values()) {
    for (const operation of row.operations) {
      if (!overlaps(operation, from, to)) continue;
      ranks.add(operation.rank);
      if (operation.end > lastEnd) lastEnd = operation.end;
    }
  }
  let lateOrders = 0;
  for (const rank of ranks) if (plan.orders[rank].late) lateOrders++;
  const totals: PlanTotals = { orders: ranks.size, lateOrders, lastEndAt: ranks.size ? new Date(lastEnd).toISOString() : null };
  index.totals.set(key, totals);
  return totals;
}

/**
 * The answer of `GET /api/plan` from a whole plan: the station rows asked for (`rows`, in the
 * stations' order; all by default) and, of those rows only, the orders with an operation in the
 * window with just those operations, their explanations when `explain`, and each row's whole queue
 * of waiting orders in plan order (what a supervisor reorders, wherever in time they are planned).
 * `totals` count the whole plan in the window (every row): orders, late orders and the last end.
 */
export function planViewOf(
  plan: CapacityPlan,
  window: PlanWindow,
  explain: boolean,
  rows: PlanRows = allRows,
  index: PlanIndex = planIndexOf(plan),
): CapacityPlanView {
  const from = Date.parse(window.from);
  const to = Date.parse(window.to);
  const stations = plan.input.stations.slice(rows.offset, rows.limit === null ? undefined : rows.offset + rows.limit);
  const byRank = new Map<number, PlannedOperation[]>();
  for (const station of stations) {
    for (const operation of index.rows.get(station.id)?.operations ?? []) {
      if (!overlaps(operation, from, to)) continue;
      const list = byRank.get(operation.rank);
      if (list) list.push(operation.operation);
      else byRank.set(operation.rank, [operation.operation]);
    }
  }
  const orders: CapacityPlanView['orders'] = [...byRank.keys()]
    .sort((a, b) => a - b)
    .map((rank) => {
      const order: OrderPlan = plan.orders[rank];
      const operations = (byRank.get(rank) as PlannedOperation[]).sort((a, b) => a.step - b.step);
      return { ...order, operations: explain ? operations : operations.map(({ explanation: _explanation, ...operation }) => operation) };
    });
  return {
    now: plan.now,
    window,
    rows: { offset: rows.offset, count: stations.length, total: plan.input.stations.length },
    totals: totalsOf(plan, index, from, to),
    stations: stations.map(({ id, name, capacity }) => ({ id, name, capacity })),
    orders,
    queues: stations.map((station) => ({ stationId: station.id, orderIds: index.rows.get(station.id)?.queue ?? [] })),
    workingTime: settingOf(plan.input.working ?? defaultWorkingTime),
  };
}

/** The company's time zone the plan counted in. */
export const planTimeZone = (plan: CapacityPlan): string => timeZoneOf(plan.input.working ?? defaultWorkingTime);
