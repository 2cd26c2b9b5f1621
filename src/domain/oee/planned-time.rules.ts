/**
 * Planned times of a material at a station (docs/oee.md): the manufacturing steps assigned to the
 * station carry a planned setup time (once per order) and a planned time per piece, both minutes.
 * Steps without a station are not counted anywhere (they name no place to plan for). Pure: the
 * OEE projection and the station screen read the same numbers.
 */

/** What a step contributes: minutes or null (not planned). Steps saved before setup times existed have no `setupTime`. */
export interface PlannedStep {
  time: number | null;
  setupTime?: number | null;
  stationId: string | null;
}

/** The planned minutes at one station: null when no step of the station carries that time. */
export interface PlannedTime {
  setupMinutes: number | null;
  pieceMinutes: number | null;
}

const sumOf = (values: readonly (number | null | undefined)[]): number | null => {
  const known = values.filter((value): value is number => typeof value === 'number');
  // Whole hundredths: decimal minutes add up without float noise.
  return known.length === 0 ? null : Math.round(known.reduce((sum, value) => sum + value * 100, 0)) / 100;
};

/** The planned setup and per-piece minutes of a material's steps at `stationId` (sums over its steps there). */
export function plannedTimeAt(steps: readonly PlannedStep[], stationId: string): PlannedTime {
  const here = steps.filter((step) => step.stationId === stationId);
  return { setupMinutes: sumOf(here.map((step) => step.setupTime)), pieceMinutes: sumOf(here.map((step) => step.time)) };
}

/**
 * The planned minutes for an order of `quantity` pieces at the station: setup + per piece × quantity.
 * Null when neither is planned; a missing part counts as 0 when the other is planned.
 */
export function plannedMinutesFor(planned: PlannedTime, quantity: number): number | null {
  if (planned.setupMinutes === null && planned.pieceMinutes === null) return null;
  return (planned.setupMinutes ?? 0) + (planned.pieceMinutes ?? 0) * quantity;
}
