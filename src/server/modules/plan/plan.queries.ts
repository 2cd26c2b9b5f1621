import { calendarDayIn, defaultWorkingTime, timeZoneOf, type WorkingTime } from '../../../domain/company/working-time.rules.js';
import { plannedTimeAt } from '../../../domain/oee/planned-time.rules.js';
import { earliestDelivery, schedulePlan, type PlanInput, type PlanOrder, type PlanStep, type StationQueue } from '../../../domain/plan/capacity-plan.rules.js';
import type { PromiseRequest } from '../../../domain/plan/plan.schema.js';
import type { DeliveryPromiseView, OrderPlanView, PromisesAtRiskView, StationQueueView } from '../../../domain/plan/plan.views.js';
import { orderToPromise, promisesAtRisk } from '../../../domain/plan/promise.rules.js';
import { stationQueue } from '../../../domain/plan/station-queue.rules.js';
import { DomainError } from '../../../domain/shared/errors.js';
import type { Executor } from '../../platform/db.js';
import { openInterruptionsOf } from '../interruptions/index.js';
import { existingMaterialIds, manufacturingStepsAsOf, manufacturingStepsOf } from '../materials/index.js';
import { productionOrdersAtStations, type OrderAtStation } from '../orders/index.js';
import { authorisedUsersByStation, boardStationsOf, findSequenceRow, findStationRow, recentCycleTimes } from '../stations/index.js';
import { absencesEndingFrom } from '../team/index.js';
import type { LivePlan } from './plan.cache.js';
import './plan.tables.js';

/** What the plan counts with beyond the read models: the server's median window and the company's working time. */
export interface PlanSettings {
  window: number;
  working: WorkingTime;
  /** A replay's moment: the materials' planned times are read from the log as they stood then (plain records, not in the replayed read models). */
  asOf?: Date;
}

/**
 * The scheduler's input from the read models (docs/capacity-plan.md): stations (one order at a
 * time; a station with authorised users needs one of them present), the company's working time,
 * absences from today, open interruptions (until their expected end; without one they resume now), and
 * every production order in progress at a station with its route as Complete sends it on (its
 * station, then the saved sequence after it; a station outside the sequence is its last), the
 * planned times of its material's steps there and its open pieces.
 */
export async function planInputOf(db: Executor, now: Date, settings: PlanSettings): Promise<PlanInput> {
  return (await planSourcesOf(db, now, settings)).input;
}

/** The plan's input and the open production orders it was made from. */
async function planSourcesOf(db: Executor, now: Date, settings: PlanSettings): Promise<{ input: PlanInput; orders: OrderAtStation[] }> {
  const today = calendarDayIn(now, timeZoneOf(settings.working));
  const [{ stations, sequence }, authorised, absences, interruptions, orders, cycleTimes, stationQueues] = await Promise.all([
    boardStationsOf(db),
    authorisedUsersByStation(db),
    absencesEndingFrom(db, today),
    openInterruptionsOf(db),
    productionOrdersAtStations(db),
    recentCycleTimes(db, settings.window),
    stationQueuesOf(db),
  ]);
  const materialIds = [...new Set(orders.flatMap((order) => (order.materialId ? [order.materialId] : [])))];
  const steps = await (settings.asOf ? manufacturingStepsAsOf(db, materialIds, settings.asOf) : manufacturingStepsOf(db, materialIds));
  const position = new Map(sequence.map((stationId, index) => [stationId, index]));
  // The remaining steps depend only on the station and the material: laid out once for each pair
  // and shared by the orders (read-only), not once per order (a line of 50 stations held 51,000 steps).
  const routes = new Map<string, PlanStep[]>();
  const stepsOf = (stationId: string, materialId: string | null): PlanStep[] => {
    const key = `${stationId}/${materialId ?? ''}`;
    let route = routes.get(key);
    if (route === undefined) {
      const index = position.get(stationId);
      const materialSteps = (materialId ? steps.get(materialId) : undefined) ?? [];
      route = [stationId, ...(index === undefined ? [] : sequence.slice(index + 1))].map((at) => ({ stationId: at, ...plannedTimeAt(materialSteps, at) }));
      routes.set(key, route);
    }
    return route;
  };
  const planOrders = orders.map((order): PlanOrder => {
    return {
      id: order.id,
      number: order.orderNumber,
      prioritized: order.prioritize,
      deliveryDate: order.deliveryDate,
      arrivedAt: (order.arrivedAt ?? new Date(0)).toISOString(),
      pieces: order.piecesOpen,
      steps: stepsOf(order.stationId, order.materialId),
      workStartedAt: order.workStartedAt ? order.workStartedAt.toISOString() : null,
    };
  });
  const input: PlanInput = {
    stations: stations.map((station) => ({
      id: station.id,
      name: station.name,
      capacity: station.capacity,
      authorisedOperatorIds: authorised.get(station.id) ?? null,
    })),
    working: settings.working,
    absences: absences.map((absence) => ({ operatorId: absence.userId, from: absence.from, to: absence.to })),
    interruptions: interruptions.map((stop) => ({
      interruptionId: stop.id,
      stationId: stop.stationId,
      reasonId: stop.reasonId,
      reasonName: stop.reasonName,
      reportedAt: stop.reportedAt.toISOString(),
      expectedEndAt: stop.expectedEndAt ? stop.expectedEndAt.toISOString() : null,
    })),
    orders: planOrders,
    cycleTimes,
    window: settings.window,
    stationQueues,
  };
  return { input, orders };
}

/** The queue orders supervisors set at the company's stations (the latest of each). */
export async function stationQueuesOf(db: Executor): Promise<StationQueue[]> {
  const rows = await db.selectFrom('plan_station_queues').select(['station_id', 'order_ids']).execute();
  return rows.map((row) => ({ stationId: row.station_id, orderIds: row.order_ids }));
}

/**
 * The capacity plan at `now` computed from the read models (or, in a replay, their copies as of
 * then), with the promised dates of its orders; the live routes keep it per company (plan.cache.ts).
 */
export async function livePlanOf(db: Executor, now: Date, settings: PlanSettings): Promise<LivePlan> {
  const { input, orders } = await planSourcesOf(db, now, settings);
  const promisedDates = new Map(orders.flatMap((order) => (order.promisedDate ? [[order.id, order.promisedDate] as const] : [])));
  return { plan: schedulePlan(input, now), promisedDates, answers: new Map(), index: null };
}

/** One order's whole plan, explained; an order not in the plan (done, another company's, none) is 404. */
export function orderPlanOf({ plan }: LivePlan, orderId: string): OrderPlanView {
  const order = plan.orders.find((candidate) => candidate.orderId === orderId);
  if (!order) throw new DomainError('NOT_FOUND');
  return { now: plan.now, order };
}

/**
 * The route a new production order takes: the start station, then the saved sequence after it (as
 * Complete sends it on). Refused without a start station, as starting production is (409).
 */
async function routeOfNewOrder(db: Executor): Promise<string[]> {
  const saved = await findSequenceRow(db);
  const start = saved?.start_station_id;
  if (!start) throw new DomainError('NO_START_STATION');
  const sequence = saved.station_ids;
  const index = sequence.indexOf(start);
  return [start, ...(index < 0 ? [] : sequence.slice(index + 1))];
}

/**
 * Promise a date (docs/capacity-plan.md): the earliest delivery of `request` (a material of the
 * company and a quantity, with the order's priority and delivery date) in today's plan, by the
 * scheduler's `earliestDelivery`. Another company's or an unknown material is 400 on `materialId`.
 */
export async function deliveryPromiseOf(db: Executor, livePlan: () => Promise<LivePlan>, request: PromiseRequest): Promise<DeliveryPromiseView> {
  if (!(await existingMaterialIds(db, [request.materialId])).has(request.materialId)) {
    throw new DomainError('POSITION_MATERIAL_NOT_FOUND', [{ path: 'materialId', message: 'errors.POSITION_MATERIAL_NOT_FOUND' }]);
  }
  // The refusals first: nothing else is read for a promise that cannot be made.
  const route = await routeOfNewOrder(db);
  const steps = await manufacturingStepsOf(db, [request.materialId]);
  const { plan } = await livePlan();
  const materialSteps = steps.get(request.materialId) ?? [];
  const asked = orderToPromise(request, route, (stationId) => plannedTimeAt(materialSteps, stationId), new Date(plan.now));
  const { planned, ...promise } = earliestDelivery(plan, asked);
  return { now: plan.now, ...promise, planned };
}

/** The production orders whose planned finish breaks the date promised to their customer (the board's flag). */
export function promisesAtRiskOf({ plan, promisedDates }: LivePlan): PromisesAtRiskView {
  const working = plan.input.working ?? defaultWorkingTime;
  return { now: plan.now, atRisk: promisedDates.size === 0 ? [] : promisesAtRisk(plan, promisedDates, working) };
}

/** The station's worklist in plan order, with what can start now; another company's or an unknown station is 404. */
export async function stationQueueOf(db: Executor, livePlan: () => Promise<LivePlan>, stationId: string): Promise<StationQueueView> {
  if (!(await findStationRow(db, stationId))) throw new DomainError('NOT_FOUND');
  const { plan } = await livePlan();
  return { now: plan.now, stationId, orders: stationQueue(plan, stationId) };
}
