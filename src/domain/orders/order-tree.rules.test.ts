import { describe, expect, it } from 'vitest';
import { customerOrderProgressOf, productionBalanceOf } from './order-tree.rules.js';

describe('the customer order tree rolled up', () => {
  const production = (...done: boolean[]) => done.map((isDone) => ({ done: isDone }));

  it('counts its production orders done', () => {
    expect(customerOrderProgressOf({ status: 'in-progress', productionOrders: production(true, false, true), shipment: null })).toEqual({
      stage: 'in-production',
      productionDone: 2,
      productionTotal: 3,
    });
  });

  it('follows the order from open to finished, its shipment deciding while it is in one', () => {
    const stage = (
      status: Parameters<typeof customerOrderProgressOf>[0]['status'],
      shipment: 'open' | 'ready-for-dispatch' | 'sent' | 'canceled' | null = null,
    ) => customerOrderProgressOf({ status, productionOrders: [], shipment: shipment ? { status: shipment } : null }).stage;
    expect(stage('ordered')).toBe('open');
    expect(stage('ready-to-ship')).toBe('ready');
    expect(stage('ready-to-ship', 'open')).toBe('in-shipment');
    expect(stage('ready-for-dispatch', 'ready-for-dispatch')).toBe('in-shipment');
    expect(stage('ready-to-ship', 'canceled')).toBe('ready');
    expect(stage('dispatched', 'sent')).toBe('sent');
    expect(stage('delivered')).toBe('delivered');
    expect(stage('finished')).toBe('finished');
    expect(stage('canceled')).toBe('canceled');
  });

  it('tells under- and over-production only once every production order has ended', () => {
    const balance = (ordered: number, good: number, ...done: boolean[]) => productionBalanceOf({ ordered, good, productionOrders: production(...done) });
    expect(balance(50, 30, true, false)).toBe('running');
    expect(balance(50, 48, true, true)).toBe('under');
    expect(balance(50, 52, true)).toBe('over');
    expect(balance(50, 50, true, true)).toBe('exact');
    // Everything from stock: nothing to make, nothing missing.
    expect(balance(0, 0)).toBe('exact');
  });
});
