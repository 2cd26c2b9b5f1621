import type { LabourRateTarget } from './costing.events.js';

/** What every rate command carries: the day it is valid from, the company's today, the instant it counts from, who and when. */
interface RateCommandBase {
  id: string;
  validFrom: string;
  /** The company's calendar day at `at` (its zone). */
  today: string;
  /** `effectiveFromOf(validFrom, at, zone)`. */
  effectiveFrom: string;
  setBy: string;
  at: string;
}

export type CostingCommand =
  | ({ type: 'SetMachineRate'; stationId: string; hourlyRate: number } & RateCommandBase)
  | ({ type: 'SetLabourRate'; target: LabourRateTarget; targetId: string | null; hourlyRate: number } & RateCommandBase)
  | ({ type: 'SetMaterialPrice'; materialId: string; price: number } & RateCommandBase);
