import { startOfDayIn } from '../company/working-time.rules.js';
import { fromCents, toCents } from '../shared/decimal.js';

/**
 * The instant a rate or price set at `at`, valid from the day `validFrom` (in `zone`), counts from:
 * the start of that day, or `at` when that is later. A rate never reaches back before it was set, so
 * a cost computed earlier never changes (docs/labour-and-costs.md, "Costs").
 */
export function effectiveFromOf(validFrom: string, at: string, zone: string): string {
  const dayStart = startOfDayIn(validFrom, zone).getTime();
  return new Date(Math.max(dayStart, Date.parse(at))).toISOString();
}

/** One rate or price of one target, counting from `effectiveFrom` until the next one's. */
export interface RatePeriod {
  amount: number;
  effectiveFrom: string;
}

/** The amount that applies at `at`: the period with the latest `effectiveFrom` not after it (of equal ones the last set); null before the first. */
export function rateAt(periods: readonly RatePeriod[], at: string): number | null {
  const moment = Date.parse(at);
  let applied: RatePeriod | null = null;
  for (const period of periods) {
    const from = Date.parse(period.effectiveFrom);
    if (from <= moment && (applied === null || from >= Date.parse(applied.effectiveFrom))) applied = period;
  }
  return applied?.amount ?? null;
}

/** What decides a person's labour rate at a moment: their own, else their job title's then, else the standard rate. */
export interface LabourRateBook {
  employee(userId: string): readonly RatePeriod[];
  jobTitleOf(userId: string, at: string): string | null;
  jobTitle(jobTitleId: string): readonly RatePeriod[];
  standard: readonly RatePeriod[];
}

/** A person's labour rate at `at` (null: none is set that applies). */
export function labourRateAt(book: LabourRateBook, userId: string, at: string): number | null {
  const own = rateAt(book.employee(userId), at);
  if (own !== null) return own;
  const title = book.jobTitleOf(userId, at);
  const ofTitle = title === null ? null : rateAt(book.jobTitle(title), at);
  return ofTitle ?? rateAt(book.standard, at);
}

/** A stretch of time costed at one hourly rate: a person's work piece (labour) or the order's work at a station (machine). */
export interface TimedPiece {
  stationId: string;
  startedAt: string;
  seconds: number;
}

/** Cost and time of one kind at one station; `complete` false when some time had no rate (it counted 0). */
export interface TimeCost {
  seconds: number;
  cost: number;
  complete: boolean;
}

/**
 * Time × hourly rate per station, each piece at the rate valid when it started (a piece is costed
 * whole at its start's rate; the labour read model starts a new piece whenever a person's orders change).
 */
export function timeCostsOf(pieces: readonly TimedPiece[], rateOf: (piece: TimedPiece) => number | null): Map<string, TimeCost> {
  const sums = new Map<string, { seconds: number; cost: number; complete: boolean }>();
  for (const piece of pieces) {
    const rate = rateOf(piece);
    const sum = sums.get(piece.stationId) ?? { seconds: 0, cost: 0, complete: true };
    sum.seconds += piece.seconds;
    sum.cost += (piece.seconds / 3600) * (rate ?? 0);
    sum.complete &&= rate !== null;
    sums.set(piece.stationId, sum);
  }
  return new Map([...sums].map(([stationId, sum]) => [stationId, { ...sum, cost: roundMoney(sum.cost) }]));
}

export const roundMoney = (value: number): number => fromCents(toCents(value));

/** The planned time of a step at a station: setup once plus the time per piece × pieces (minutes; a missing one counts 0). */
export const plannedMinutesOf = (setupMinutes: number | null, pieceMinutes: number | null, pieces: number): number =>
  (setupMinutes ?? 0) + (pieceMinutes ?? 0) * pieces;

/** A material's purchase price per piece rolled up through its bill of materials (a made part: its components' × quantity). */
export interface BomPart {
  price: number | null;
  components: readonly { materialId: string; quantity: number }[];
}

/**
 * The material cost of one piece of `materialId`: for a part without components its price, else the sum
 * of its components' rolled-up costs × quantity (in cents). A missing price counts 0 and clears `complete`.
 */
export function materialCostOf(materialId: string, parts: ReadonlyMap<string, BomPart>, seen: readonly string[] = []): { cost: number; complete: boolean } {
  const part = parts.get(materialId);
  if (!part || seen.includes(materialId)) return { cost: 0, complete: false };
  if (part.components.length === 0) return { cost: part.price ?? 0, complete: part.price !== null };
  let cents = 0;
  let complete = true;
  for (const component of part.components) {
    const below = materialCostOf(component.materialId, parts, [...seen, materialId]);
    cents += Math.round(toCents(below.cost) * component.quantity);
    complete &&= below.complete;
  }
  return { cost: fromCents(cents), complete };
}

/** One station of an order's costing: planned and actual labour and machine, and the difference. */
export interface StationCosting {
  stationId: string;
  plannedMinutes: number;
  plannedLabour: number;
  plannedMachine: number;
  labourSeconds: number;
  actualLabour: number;
  machineSeconds: number;
  actualMachine: number;
  /** Actual labour + machine minus planned labour + machine: positive costs more than planned. */
  difference: number;
}

/** The facts an order's costing is built from (sums per station come from `timeCostsOf` or the same sum in SQL). */
export interface CostingFacts {
  pieces: number;
  scrap: number;
  netPrice: number;
  plannedMaterial: number;
  actualMaterial: number;
  planned: readonly { stationId: string; minutes: number; labour: number; machine: number }[];
  labour: ReadonlyMap<string, TimeCost>;
  machine: ReadonlyMap<string, TimeCost>;
}

export interface OrderCosting {
  planned: { material: number; labour: number; machine: number; total: number };
  actual: { material: number; labour: number; machine: number; total: number; scrap: number };
  stations: StationCosting[];
  margin: number;
  /** Margin / net price (a fraction); null without a net price. */
  marginRate: number | null;
}

const sum = (values: readonly number[]) => fromCents(values.reduce((total, value) => total + toCents(value), 0));

/**
 * An order's costing: planned = BOM material + planned minutes × rates per station; actual = material
 * consumed + recorded times × rates per station; the difference per station; scrap = the actual cost's
 * share of the scrapped pieces (part of the actual cost, shown, not added); margin = net price − actual.
 */
export function orderCostingOf(facts: CostingFacts): OrderCosting {
  const stationIds = [...new Set([...facts.planned.map((step) => step.stationId), ...facts.labour.keys(), ...facts.machine.keys()])].sort();
  const stations = stationIds.map((stationId): StationCosting => {
    const plan = facts.planned.find((step) => step.stationId === stationId);
    const labour = facts.labour.get(stationId);
    const machine = facts.machine.get(stationId);
    const plannedLabour = plan?.labour ?? 0;
    const plannedMachine = plan?.machine ?? 0;
    const actualLabour = labour?.cost ?? 0;
    const actualMachine = machine?.cost ?? 0;
    return {
      stationId,
      plannedMinutes: plan?.minutes ?? 0,
      plannedLabour,
      plannedMachine,
      labourSeconds: labour?.seconds ?? 0,
      actualLabour,
      machineSeconds: machine?.seconds ?? 0,
      actualMachine,
      difference: sum([actualLabour, actualMachine, -plannedLabour, -plannedMachine]),
    };
  });
  const plannedLabour = sum(stations.map((station) => station.plannedLabour));
  const plannedMachine = sum(stations.map((station) => station.plannedMachine));
  const actualLabour = sum(stations.map((station) => station.actualLabour));
  const actualMachine = sum(stations.map((station) => station.actualMachine));
  const actualTotal = sum([facts.actualMaterial, actualLabour, actualMachine]);
  const margin = sum([facts.netPrice, -actualTotal]);
  return {
    planned: {
      material: facts.plannedMaterial,
      labour: plannedLabour,
      machine: plannedMachine,
      total: sum([facts.plannedMaterial, plannedLabour, plannedMachine]),
    },
    actual: {
      material: facts.actualMaterial,
      labour: actualLabour,
      machine: actualMachine,
      total: actualTotal,
      scrap: facts.pieces > 0 ? roundMoney((actualTotal * facts.scrap) / facts.pieces) : 0,
    },
    stations,
    margin,
    marginRate: facts.netPrice > 0 ? margin / facts.netPrice : null,
  };
}

/**
 * A customer order's costing: the sum of its production orders' (split-offs included) plus the
 * material it took from stock (`ownMaterial`, planned and consumed alike), per station summed too;
 * margin = the customer order's net price − that actual total.
 */
export function customerCostingOf(netPrice: number, ownMaterial: number, parts: readonly OrderCosting[]): OrderCosting {
  const total = (pick: (costing: OrderCosting) => number) => sum(parts.map(pick));
  const stations = new Map<string, StationCosting>();
  for (const station of parts.flatMap((part) => part.stations)) {
    const before = stations.get(station.stationId);
    stations.set(
      station.stationId,
      before === undefined
        ? { ...station }
        : {
            stationId: station.stationId,
            plannedMinutes: before.plannedMinutes + station.plannedMinutes,
            plannedLabour: sum([before.plannedLabour, station.plannedLabour]),
            plannedMachine: sum([before.plannedMachine, station.plannedMachine]),
            labourSeconds: before.labourSeconds + station.labourSeconds,
            actualLabour: sum([before.actualLabour, station.actualLabour]),
            machineSeconds: before.machineSeconds + station.machineSeconds,
            actualMachine: sum([before.actualMachine, station.actualMachine]),
            difference: sum([before.difference, station.difference]),
          },
    );
  }
  const planned = {
    material: sum([ownMaterial, total((c) => c.planned.material)]),
    labour: total((c) => c.planned.labour),
    machine: total((c) => c.planned.machine),
  };
  const actual = {
    material: sum([ownMaterial, total((c) => c.actual.material)]),
    labour: total((c) => c.actual.labour),
    machine: total((c) => c.actual.machine),
  };
  const actualTotal = sum([actual.material, actual.labour, actual.machine]);
  const margin = sum([netPrice, -actualTotal]);
  return {
    planned: { ...planned, total: sum([planned.material, planned.labour, planned.machine]) },
    actual: { ...actual, total: actualTotal, scrap: total((c) => c.actual.scrap) },
    stations: [...stations.values()].sort((a, b) => a.stationId.localeCompare(b.stationId)),
    margin,
    marginRate: netPrice > 0 ? margin / netPrice : null,
  };
}
