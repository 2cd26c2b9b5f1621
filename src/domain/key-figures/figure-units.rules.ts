// The key figures and their units without zod: the home board's cards read them without loading zod;
// key-figures.schema.ts builds the targets' schemas from them.

/**
 * Every key figure, by id (the id is its key in `locales/<lang>/keyFigures.json` too). The order is
 * the order of the screens.
 */
export const keyFigureIds = [
  'ordersCompleted',
  'piecesCompleted',
  'cycleTimeMedian',
  'cycleTimeP90',
  'leadTimeMedian',
  'leadTimeP90',
  'punctuality',
  'withoutInterruption',
  'proposalsImplemented',
  'yield',
  'scrapRate',
  'firstPassYield',
  'ncrsOpened',
  'oee',
  'teamScore',
] as const;
export type KeyFigureId = (typeof keyFigureIds)[number];

/** Figures that enter the team score: every figure but the score itself. */
export type ScoredFigureId = Exclude<KeyFigureId, 'teamScore'>;

/**
 * How a figure is measured and what its target means:
 * - `count`: a number per day (the target is per day; a week's or month's target is it times the period's days), higher is better
 *   (but NCRs opened: fewer is better, its target is a maximum);
 * - `minutes`: a duration (the value is in seconds, the target in minutes), lower is better;
 * - `percent`: a share (the value 0-1, the target 0-100), higher is better;
 * - `score`: the team score, 0-100.
 */
export type KeyFigureUnit = 'count' | 'minutes' | 'percent' | 'score';
export const keyFigureUnits: Record<KeyFigureId, KeyFigureUnit> = {
  ordersCompleted: 'count',
  piecesCompleted: 'count',
  cycleTimeMedian: 'minutes',
  cycleTimeP90: 'minutes',
  leadTimeMedian: 'minutes',
  leadTimeP90: 'minutes',
  punctuality: 'percent',
  withoutInterruption: 'percent',
  proposalsImplemented: 'count',
  yield: 'percent',
  scrapRate: 'percent',
  firstPassYield: 'percent',
  ncrsOpened: 'count',
  oee: 'percent',
  teamScore: 'score',
};
