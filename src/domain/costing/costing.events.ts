import { eventCatalogue } from '../shared/decider.js';

/**
 * Stream type of a company's rates and prices: one stream per company, `costing-<companyId>`, holding
 * every machine rate, labour rate and material purchase price ever set, each valid from a date. One
 * stream keeps the history in one place; nothing is ever edited, a new rate follows the old one
 * (docs/labour-and-costs.md, "Costs").
 */
export const COSTING_STREAM_TYPE = 'costing';
export const costingStreamId = (companyId: string) => `costing-${companyId}`;

/** Whose labour rate: the company's standard (anyone without another, and the plan), a job title's, one employee's. */
export const labourRateTargets = ['standard', 'jobTitle', 'employee'] as const;
export type LabourRateTarget = (typeof labourRateTargets)[number];

/**
 * When a rate or price starts to count. `validFrom` is the day the user named (`YYYY-MM-DD` in the
 * company's zone); `effectiveFrom` the instant it applies from: the start of that day, or the moment it
 * was set when that is later (a rate set today for today never reaches back before it was set, so a
 * cost already shown never changes).
 */
interface Validity {
  validFrom: string;
  effectiveFrom: string;
  setBy: string;
  at: string;
}

/** Facts of a company's rates and prices (money in the company's currency, two decimals). */
export type CostingEvent =
  | { type: 'MachineRateSet'; data: { rateId: string; stationId: string; hourlyRate: number } & Validity }
  | { type: 'LabourRateSet'; data: { rateId: string; target: LabourRateTarget; targetId: string | null; hourlyRate: number } & Validity }
  | { type: 'MaterialPriceSet'; data: { priceId: string; materialId: string; price: number } & Validity };

export type CostingEventType = CostingEvent['type'];

/** A company's costing events as every reader reads them. */
export const costingEvents = eventCatalogue<CostingEvent>({
  streamType: COSTING_STREAM_TYPE,
  types: { MachineRateSet: true, LabourRateSet: true, MaterialPriceSet: true },
});
