import { calendarDayIn, defaultWorkingTime, settingOf, startOfDayIn, timeZoneOf } from '../company/working-time.rules.js';
import type { CapacityPlan } from './capacity-plan.rules.js';
import { PLAN_WINDOW_DAYS, PLAN_WINDOW_MAX_DAYS } from './plan.schema.js';
import type { CapacityPlanView } from './plan.views.js';

const dayMs = 86_400_000;

export interface PlanWindow {
  /** ISO moments; an operation is answered when it overlaps [from, to). */
  from: string;
  to: string;
}

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

/**
 * The answer of `GET /api/plan` from a whole plan: the orders with an operation in the window and
 * only those operations, their explanations when `explain`, and every station's whole queue of
 * waiting orders in plan order (what a supervisor reorders, wherever in time they are planned).
 */
export function planViewOf(plan: CapacityPlan, window: PlanWindow, explain: boolean): CapacityPlanView {
  const from = Date.parse(window.from);
  const to = Date.parse(window.to);
  const queues = new Map(plan.input.stations.map((station) => [station.id, [] as string[]]));
  const orders: CapacityPlanView['orders'] = [];
  for (const order of plan.orders) {
    for (const operation of order.operations) if (operation.step === 0 && !operation.inProgress) queues.get(operation.stationId)?.push(order.orderId);
    const inWindow = order.operations.filter((operation) => {
      const start = Date.parse(operation.startAt);
      const end = Date.parse(operation.endAt);
      return start < to && (end > from || (end === start && start >= from));
    });
    if (inWindow.length === 0) continue;
    orders.push({
      ...order,
      operations: explain ? inWindow : inWindow.map(({ explanation: _explanation, ...operation }) => operation),
    });
  }
  return {
    now: plan.now,
    window,
    stations: plan.input.stations.map(({ id, name, capacity }) => ({ id, name, capacity })),
    orders,
    queues: [...queues].map(([stationId, orderIds]) => ({ stationId, orderIds })),
    workingTime: settingOf(plan.input.working ?? defaultWorkingTime),
  };
}

/** The company's time zone the plan counted in. */
export const planTimeZone = (plan: CapacityPlan): string => timeZoneOf(plan.input.working ?? defaultWorkingTime);
