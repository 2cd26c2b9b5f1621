import { COMPANY_STREAM_TYPE } from '../company/company.events.js';
import { INTERRUPTION_STREAM_TYPE } from '../interruptions/interruption.events.js';
import { MATERIAL_STREAM_TYPE } from '../materials/materials.events.js';
import { ORDER_STREAM_TYPE } from '../orders/order.events.js';
import { SEQUENCE_STREAM_TYPE } from '../stations/sequence.events.js';
import { STATION_STREAM_TYPE } from '../stations/station.events.js';
import { EMPLOYEE_STREAM_TYPE } from '../team/employee.events.js';
import { USER_RIGHTS_STREAM_TYPE } from '../team/rights.events.js';
import { PLAN_QUEUE_STREAM_TYPE } from './plan-queue.events.js';

/**
 * The event types that change the capacity plan (docs/capacity-plan.md, "Live"): an open plan view
 * fetches the plan again when the live feed delivers one of them. The one list: the web's plan
 * screen reads it, and tests/integration/plan/plan-live.test.ts checks every name is a known event.
 */
export const planChangingEventTypes = [
  // orders: started, worked, completed, moved, split, scrapped, reported, changed (date, priority), cancelled, done
  'ProductionStarted',
  'ProductionOrderStarted',
  'ProductionOrderAdded',
  'WorkStarted',
  'WorkCompleted',
  'QuantityReported',
  'OrderSplit',
  'OrderMovedToStation',
  'OrderChanged',
  'OrderCanceled',
  'ProductionFinished',
  'ProductionOrderDone',
  'OrderReadyToUse',
  'OrderReadyToShip',
  'OrderFinished',
  // stations: created, changed, deleted, the sequence, who may work there
  'StationCreated',
  'StationChanged',
  'StationDeleted',
  'SequenceSaved',
  'StationRightsGranted',
  'StationRightsRevoked',
  // interruptions
  'InterruptionReported',
  'InterruptionResolved',
  // absences
  'AbsenceBooked',
  'AbsenceCancelled',
  // working time (the company's basic settings) and the materials' planned times
  'BasicSettingsUpdated',
  'MaterialUpdated',
  // a supervisor's queue order
  'StationQueueOrdered',
] as const;

export type PlanChangingEventType = (typeof planChangingEventTypes)[number];

const changing: ReadonlySet<string> = new Set(planChangingEventTypes);

/** Whether an event of this type changes the plan. */
export const changesPlan = (type: string): boolean => changing.has(type);

/** The stream types those events are appended to: the live feed's `type:` topics a plan view watches. */
export const planChangingStreamTypes = [
  ORDER_STREAM_TYPE,
  STATION_STREAM_TYPE,
  SEQUENCE_STREAM_TYPE,
  USER_RIGHTS_STREAM_TYPE,
  INTERRUPTION_STREAM_TYPE,
  EMPLOYEE_STREAM_TYPE,
  COMPANY_STREAM_TYPE,
  MATERIAL_STREAM_TYPE,
  PLAN_QUEUE_STREAM_TYPE,
] as const;
