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
