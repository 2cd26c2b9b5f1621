import { describe, expect, it } from 'vitest';
import type { OrderHistoryEntry } from './api/types';
import { changeBetween, replayAll, replayTo } from './replay';

const orderId = '00000000-0000-4000-8000-000000000001';
const saw = '00000000-0000-4000-8000-00000000005a';
const drill = '00000000-0000-4000-8000-00000000005b';
const who = { userId: null, role: null, name: null, apiKey: null, machine: null };
const details = {
  name: 'Fahrradhaus Berg',
  street: 'Hauptstraße',
  houseNumber: '12',
  addressSuffix: '',
  zip: '80331',
  place: 'München',
  country: '',
  prioritize: false,
  deliveryDate: '2026-12-01',
  noteForProduction: '',
  shippingMethod: '',
  incoterm: null,
  stockOrder: false,
  comment: '',
  workInProgress: 'Regal 3',
  packaging: '',
};
const positions = [
  { materialId: 'm1', materialName: 'Wheel', materialNumber: 'F-2', materialType: 'manufacturing_part', quantity: 2, netPrice: 12.5, useInventory: false },
];

let version = 0;
const entry = (type: string, data: Record<string, unknown>): OrderHistoryEntry => ({
  version: ++version,
  type,
  at: `2026-11-21T08:0${version}:00.000Z`,
  who,
  data: { orderId, at: `2026-11-21T08:0${version}:00.000Z`, ...data },
});

const history: OrderHistoryEntry[] = [
  entry('OrderCreated', { kind: 'production', number: 7, orderNumber: '000007', details, positions, parentOrderId: null, forStock: true }),
  entry('ProductionOrderStarted', { stationId: saw }),
  entry('WorkStarted', { stationId: saw }),
  entry('WorkCompleted', { stationId: saw, workStartedAt: '2026-11-21T08:03:00.000Z', nextStationId: drill }),
  entry('SomethingNewer', {}),
  entry('OrderChanged', { details: { ...details, prioritize: true, deliveryDate: '2026-12-24' }, positions: [{ ...positions[0], quantity: 3 }] }),
];

describe('replaying an order in the browser with the domain evolve', () => {
  it('shows the order as it was after any event', () => {
    expect(replayTo(history, 0)).toMatchObject({ status: 'open', orderNumber: '000007', location: null });
    expect(replayTo(history, 2)).toMatchObject({ status: 'in-progress', location: { stage: 'station', stationId: saw, workStartedAt: expect.any(String) } });
    expect(replayTo(history, 3)).toMatchObject({ location: { stage: 'station', stationId: drill, workStartedAt: null } });
    expect(replayTo(history, 5)).toMatchObject({ netSum: 37.5, details: { prioritize: true } });
  });

  it('passes over an event type it does not know instead of breaking the replay', () => {
    const states = replayAll(history);
    expect(states).toHaveLength(history.length);
    expect(states[4]).toEqual(states[3]);
  });

  it('names what each event changed: status, place, fields, positions and net sum', () => {
    const states = replayAll(history);
    expect(changeBetween({ status: 'absent' }, states[0])).toMatchObject({ status: { from: null, to: 'open' } });
    expect(changeBetween(states[0], states[1])).toMatchObject({
      status: { from: 'open', to: 'in-progress' },
      location: { from: null, to: { stationId: saw } },
    });
    expect(changeBetween(states[3], states[5])).toMatchObject({
      fields: ['prioritize', 'deliveryDate'],
      positionsChanged: true,
      netSum: { from: 25, to: 37.5 },
    });
    expect(changeBetween(states[3], states[4])).toEqual({ fields: [], positionsChanged: false });
  });
});
