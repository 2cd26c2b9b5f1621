import { describe, expect, it } from 'vitest';
import { replayShipment, type ShipmentHistoryEntry } from './replay';

const who = { userId: null, role: null, name: 'Anna Admin', apiKey: null, machine: null };
const entry = (version: number, type: string, data: Record<string, unknown>): ShipmentHistoryEntry => ({ version, type, at: data.at as string, who, data });
const details = { carrier: { carrierId: null, name: 'Spedition Huber' }, trackingId: 'HU-1', link: '', shippingDate: '2026-11-24' };

describe('replaying a shipment', () => {
  it('folds the events with the domain evolve, step by step, and skips types it does not know', () => {
    const shipmentId = '00000000-0000-4000-8000-000000000001';
    const states = replayShipment([
      entry(1, 'ShipmentCreated', { shipmentId, number: 1, shipmentNumber: 'S000001', customerName: 'Berg', details, at: '2026-11-23T08:00:00.000Z' }),
      entry(2, 'ShipmentOrderAssigned', { shipmentId, order: { orderId: 'o-1', orderNumber: 'A1' }, at: '2026-11-23T08:00:00.000Z' }),
      entry(3, 'ShipmentTeleported', { shipmentId, at: '2026-11-23T08:30:00.000Z' }),
      entry(4, 'ShipmentMarkedReadyForDispatch', { shipmentId, at: '2026-11-23T09:00:00.000Z' }),
      entry(5, 'ShipmentSent', { shipmentId, at: '2026-11-23T10:00:00.000Z' }),
    ]);
    expect(states.map((state) => state.status)).toEqual(['open', 'open', 'open', 'ready-for-dispatch', 'sent']);
    const last = states[4];
    expect(last.status !== 'absent' && last.orders).toEqual([{ orderId: 'o-1', orderNumber: 'A1' }]);
  });
});
