import { describe, expect, it } from 'vitest';
import { mappedInternalTypes, webhookPayloadOf, webhookPayloads } from './webhooks.payloads.js';
import { webhookBackoffMs, webhookMessageId, webhookPausedAfter } from './webhooks.rules.js';
import { createWebhookEndpointSchema, webhookEventTypes, webhookReplaySchema } from './webhooks.schema.js';

const endpoint = { id: 'e1', eventTypes: ['order.status_changed', 'shipment.sent'] };
const logged = (streamType: string, type: string, data: object, globalPosition = 7) => ({ streamType, type, data, globalPosition });

describe('webhookPayloadOf: the public mapping', () => {
  it('an order status event becomes order.status_changed with the status it leads to, in the versioned envelope', () => {
    const payload = webhookPayloadOf(logged('order', 'OrderDispatched', { orderId: 'o1', at: '2026-12-01T10:00:00.000Z' }), endpoint, 'msg_7_e1');
    expect(payload).toEqual({
      id: 'msg_7_e1',
      type: 'order.status_changed',
      version: 1,
      timestamp: '2026-12-01T10:00:00.000Z',
      position: 7,
      data: { orderId: 'o1', status: 'dispatched', at: '2026-12-01T10:00:00.000Z' },
    });
  });

  it('nothing for a type the endpoint did not pick, an unmapped event, or an event of another stream type', () => {
    expect(webhookPayloadOf(logged('shipment', 'ShipmentDelivered', { shipmentId: 's', at: 'x' }), endpoint, 'm')).toBeUndefined();
    expect(webhookPayloadOf(logged('order', 'WorkStarted', { orderId: 'o', stationId: 's', at: 'x' }), endpoint, 'm')).toBeUndefined();
    expect(webhookPayloadOf(logged('suggestion', 'OrderDispatched', { orderId: 'o', at: 'x' }), endpoint, 'm')).toBeUndefined();
  });

  it('a test event goes to its own endpoint only, whatever it picked', () => {
    const test = logged('webhook-endpoint', 'WebhookTestRequested', { endpointId: 'e1', at: 'x' });
    expect(webhookPayloadOf(test, endpoint, 'm')?.type).toBe('webhook.test');
    expect(webhookPayloadOf(test, { id: 'e2', eventTypes: ['shipment.sent'] }, 'm')).toBeUndefined();
  });

  it('an NCR decision becomes ncr.decided with the disposition, never who decided', () => {
    const decided = logged('ncr', 'NonConformanceDecided', {
      ncrId: 'n1',
      disposition: 'rework',
      note: '',
      reworkStationId: 's2',
      reworkStationName: 'DRILL',
      scrapReasonId: null,
      scrapReason: null,
      decidedBy: 'u1',
      decidedByName: 'Sabine Schmidt',
      at: '2026-12-01T10:00:00.000Z',
    });
    expect(webhookPayloadOf(decided, { id: 'e1', eventTypes: ['ncr.decided'] }, 'm')?.data).toEqual({
      ncrId: 'n1',
      disposition: 'rework',
      note: '',
      reworkStationId: 's2',
      reworkStationName: 'DRILL',
      scrapReason: null,
      at: '2026-12-01T10:00:00.000Z',
    });
    expect(webhookPayloadOf(decided, endpoint, 'm')).toBeUndefined();
  });

  it('every public type has a row, and the rows read only mapped internal types', () => {
    for (const type of webhookEventTypes)
      expect(
        webhookPayloads.some((row) => row.publicType === type),
        type,
      ).toBe(true);
    expect(mappedInternalTypes).toContain('QuantityReported');
  });
});

describe('webhook retry rules', () => {
  it('backs off doubling from the base, at most 180 times it; pauses after the limit', () => {
    expect([1, 2, 3, 4].map((failures) => webhookBackoffMs(failures, 5000))).toEqual([5000, 10_000, 20_000, 40_000]);
    expect(webhookBackoffMs(30, 5000)).toBe(900_000);
    expect(webhookPausedAfter(19, 20)).toBe(false);
    expect(webhookPausedAfter(20, 20)).toBe(true);
    expect(webhookMessageId('e1', 42)).toBe('msg_42_e1');
  });

  it('a receiver down for an hour is retried, not paused, with the defaults', () => {
    let waited = 0;
    let failures = 0;
    while (waited < 3600_000) waited += webhookBackoffMs(++failures, 5000);
    expect(webhookPausedAfter(failures, 20)).toBe(false);
  });
});

describe('webhook input', () => {
  it('takes an https URL and event types; refuses none, a type twice, an unknown type, a URL with a password', () => {
    expect(createWebhookEndpointSchema.parse({ url: ' https://erp.example.com/h ', eventTypes: ['shipment.sent'] })).toEqual({
      url: 'https://erp.example.com/h',
      description: '',
      eventTypes: ['shipment.sent'],
    });
    for (const input of [
      { url: 'https://x.example', eventTypes: [] },
      { url: 'https://x.example', eventTypes: ['shipment.sent', 'shipment.sent'] },
      { url: 'https://x.example', eventTypes: ['order.created'] },
      { url: 'https://user:pw@x.example', eventTypes: ['shipment.sent'] },
      { url: 'ftp://x.example', eventTypes: ['shipment.sent'] },
      { url: 'not a url', eventTypes: ['shipment.sent'] },
    ])
      expect(createWebhookEndpointSchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
  });

  it('a replay names a position or a moment, exactly one', () => {
    expect(webhookReplaySchema.safeParse({ position: 12 }).success).toBe(true);
    expect(webhookReplaySchema.safeParse({ from: '2026-12-01T10:00:00Z' }).success).toBe(true);
    expect(webhookReplaySchema.safeParse({}).success).toBe(false);
    expect(webhookReplaySchema.safeParse({ position: 1, from: '2026-12-01T10:00:00Z' }).success).toBe(false);
    expect(webhookReplaySchema.safeParse({ position: 0 }).success).toBe(false);
  });
});
