import { describe, expect, it } from 'vitest';
import {
  effectiveFromOf,
  labourRateAt,
  materialCostOf,
  orderCostingOf,
  plannedMinutesOf,
  rateAt,
  timeCostsOf,
  type BomPart,
  type LabourRateBook,
  type TimedPiece,
} from './costing.rules.js';

// The worked example of docs/labour-and-costs.md, "Costs": order 1001 (10 brackets, net 500.00) at SAW.
describe('the worked example', () => {
  const saw = 'saw';
  const rateSetAt = '2026-11-30T08:00:00.000Z';
  const book: LabourRateBook = {
    employee: (userId) =>
      userId === 'anna'
        ? [
            { amount: 45, effectiveFrom: rateSetAt },
            { amount: 50, effectiveFrom: '2026-12-01T23:00:00.000Z' },
          ]
        : [],
    jobTitleOf: (userId) => (userId === 'ben' ? 'welder' : null),
    jobTitle: (id) => (id === 'welder' ? [{ amount: 42, effectiveFrom: rateSetAt }] : []),
    standard: [{ amount: 40, effectiveFrom: rateSetAt }],
  };
  const machineRates = [{ amount: 60, effectiveFrom: rateSetAt }];
  // Anna 120 min, Ben 150 min less a 10-minute correction (the labour example's pieces), Monday 1 December.
  const work: (TimedPiece & { userId: string })[] = [
    { userId: 'anna', stationId: saw, startedAt: '2026-12-01T07:00:00.000Z', seconds: 3600 },
    { userId: 'anna', stationId: saw, startedAt: '2026-12-01T08:30:00.000Z', seconds: 1800 },
    { userId: 'anna', stationId: saw, startedAt: '2026-12-01T09:00:00.000Z', seconds: 1800 },
    { userId: 'ben', stationId: saw, startedAt: '2026-12-01T07:30:00.000Z', seconds: 9000 },
    { userId: 'ben', stationId: saw, startedAt: '2026-12-01T00:00:00.000Z', seconds: -600 },
  ];
  const machine: TimedPiece[] = [{ stationId: saw, startedAt: '2026-12-01T07:00:00.000Z', seconds: 3 * 3600 }];
  const bracket = { price: null, components: [{ materialId: 'plate', quantity: 2 }] };
  const pricesAtCreation = new Map<string, BomPart>([
    ['bracket', bracket],
    ['plate', { price: 4, components: [] }],
  ]);
  const pricesAtStart = new Map<string, BomPart>([
    ['bracket', bracket],
    ['plate', { price: 4.5, components: [] }],
  ]);

  const costing = () =>
    orderCostingOf({
      pieces: 10,
      scrap: 1,
      netPrice: 500,
      plannedMaterial: 10 * materialCostOf('bracket', pricesAtCreation).cost,
      actualMaterial: 10 * materialCostOf('bracket', pricesAtStart).cost,
      planned: [{ stationId: saw, minutes: plannedMinutesOf(30, 3, 10), labour: (60 / 60) * 40, machine: (60 / 60) * 60 }],
      labour: timeCostsOf(work, (piece) => labourRateAt(book, work.find((w) => w === piece)!.userId, piece.startedAt)),
      machine: timeCostsOf(machine, (piece) => rateAt(machineRates, piece.startedAt)),
    });

  it('costs planned and actual, the difference at the station, the scrap share and the margin', () => {
    const result = costing();
    expect(result.planned).toEqual({ material: 80, labour: 40, machine: 60, total: 180 });
    // Anna 2 h × 45 = 90, Ben 140 min × 42/h = 98; SAW 3 h × 60 = 180; material 10 × 2 × 4.50 = 90.
    expect(result.actual).toEqual({ material: 90, labour: 188, machine: 180, total: 458, scrap: 45.8 });
    expect(result.stations).toEqual([
      {
        stationId: saw,
        plannedMinutes: 60,
        plannedLabour: 40,
        plannedMachine: 60,
        labourSeconds: 15600,
        actualLabour: 188,
        machineSeconds: 10800,
        actualMachine: 180,
        difference: 268,
      },
    ]);
    expect(result.margin).toBe(42);
    expect(result.marginRate).toBeCloseTo(0.084);
  });

  it('a rate valid from a later day leaves the order as it was', () => {
    expect(labourRateAt(book, 'anna', '2026-12-02T07:00:00.000Z')).toBe(50);
    expect(costing().actual.total).toBe(458);
  });
});

describe('effectiveFromOf', () => {
  it('counts from the start of the day in the zone, never before the moment it was set', () => {
    expect(effectiveFromOf('2026-12-02', '2026-12-01T10:00:00.000Z', 'Europe/Berlin')).toBe('2026-12-01T23:00:00.000Z');
    expect(effectiveFromOf('2026-12-01', '2026-12-01T10:00:00.000Z', 'Europe/Berlin')).toBe('2026-12-01T10:00:00.000Z');
  });
});

describe('rateAt and labourRateAt', () => {
  it('applies the latest period not after the moment; of equal ones the last set; none before the first', () => {
    const periods = [
      { amount: 10, effectiveFrom: '2026-12-01T00:00:00.000Z' },
      { amount: 12, effectiveFrom: '2026-12-03T00:00:00.000Z' },
      { amount: 11, effectiveFrom: '2026-12-03T00:00:00.000Z' },
    ];
    expect(rateAt(periods, '2026-11-30T23:59:59.000Z')).toBeNull();
    expect(rateAt(periods, '2026-12-02T12:00:00.000Z')).toBe(10);
    expect(rateAt(periods, '2026-12-03T00:00:00.000Z')).toBe(11);
  });

  it('without any rate the time counts 0 and the sum is incomplete', () => {
    const costs = timeCostsOf([{ stationId: 's', startedAt: '2026-12-01T07:00:00.000Z', seconds: 3600 }], () => null);
    expect(costs.get('s')).toEqual({ seconds: 3600, cost: 0, complete: false });
  });
});

describe('materialCostOf', () => {
  it('rolls up the bill of materials in cents; a missing price counts 0 and is incomplete', () => {
    const parts = new Map<string, BomPart>([
      [
        'frame',
        {
          price: null,
          components: [
            { materialId: 'tube', quantity: 3 },
            { materialId: 'screw', quantity: 8 },
          ],
        },
      ],
      ['tube', { price: 0.1, components: [] }],
      ['screw', { price: null, components: [] }],
    ]);
    expect(materialCostOf('frame', parts)).toEqual({ cost: 0.3, complete: false });
    expect(materialCostOf('tube', parts)).toEqual({ cost: 0.1, complete: true });
  });
});
