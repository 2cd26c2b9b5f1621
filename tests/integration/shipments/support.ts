import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { OrderView } from '../../../src/domain/orders/orders.views.js';
import type { ShipmentView } from '../../../src/domain/shipments/shipments.views.js';
import type { TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, type Client, type TestCompany } from '../../support/identity.js';

export { clientOf, type Client };

/** The error of an error answer. */
export const errorOf = (body: string) =>
  (JSON.parse(body) as { error: { code: string; message: string; details: { path: string; message: string; params?: Record<string, unknown> }[] } }).error;

/** A company whose customer orders can be made Ready to ship at once: their one position is taken from stock. */
export interface ShippingCompany {
  company: TestCompany;
  admin: Client;
  operator: Client;
  /** A customer order of `pieces` (1 unless told) for `customer`, Ready to ship. */
  readyOrder(customer?: string, pieces?: number): Promise<OrderView>;
  /** A customer order of `pieces` (1 unless told) for `customer`, still Open. */
  openOrder(customer?: string, pieces?: number): Promise<OrderView>;
}

export async function shippingCompany(t: TestApp, companyName?: string): Promise<ShippingCompany> {
  const company = await companyWithTeam(t, { companyName });
  const admin = clientOf(t, company.admin.token);
  const material = await admin.post('/api/materials', {
    type: 'product',
    name: 'City bike',
    materialNumber: 'P-1',
    vat: 19,
    stock: { quantity: 9999, unit: 'pcs' },
  });
  expect(material.statusCode, material.body).toBe(201);
  const materialId = material.json().id as string;
  const openOrder = async (customer = 'Fahrradhaus Berg', pieces = 1) => {
    const res = await admin.post('/api/orders', {
      kind: 'customer',
      name: customer,
      street: 'Hauptstraße',
      houseNumber: '12a',
      zip: '80331',
      place: 'München',
      workInProgress: 'Regal 3',
      deliveryDate: '2026-12-01',
      positions: [{ materialId, quantity: pieces, netPrice: 100, useInventory: true }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as OrderView;
  };
  return {
    company,
    admin,
    operator: clientOf(t, company.operator.token),
    openOrder,
    async readyOrder(customer, pieces) {
      const order = await openOrder(customer, pieces);
      const res = await admin.post(`/api/orders/${order.id}/start-production`, { version: order.version });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('ready-to-ship');
      return res.json() as OrderView;
    },
  };
}

/** A valid shipment form of these orders; tests override what they examine. */
export const shipmentBody = (orderIds: string[], overrides: Record<string, unknown> = {}) => ({
  deliveredBy: { source: 'typed', name: 'Spedition Huber' },
  trackingId: 'HU-4711',
  shippingDate: '2026-11-24',
  orderIds,
  ...overrides,
});

export async function createShipment(client: Client, orderIds: string[], overrides: Record<string, unknown> = {}): Promise<ShipmentView> {
  const res = await client.post('/api/shipments', shipmentBody(orderIds, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Runs a transition on the shipment's current version; fails the test when refused. */
export async function act(client: Client, shipment: { id: string; version: number }, action: string): Promise<ShipmentView> {
  const res = await client.post(`/api/shipments/${shipment.id}/${action}`, { version: shipment.version });
  expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
  return res.json();
}

export async function shipmentOf(client: Client, shipmentId: string): Promise<ShipmentView> {
  const res = await client.get(`/api/shipments/${shipmentId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function orderOf(client: Client, orderId: string): Promise<OrderView> {
  const res = await client.get(`/api/orders/${orderId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A multipart/form-data body with one file part. */
export function multipartFile(bytes: Buffer, fileName: string, contentType: string) {
  const boundary = `----shipments${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every file under a folder (none when it does not exist). */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
