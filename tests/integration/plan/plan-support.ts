import { expect } from 'vitest';
import { settableClock } from '../../../src/server/platform/clock.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { orderLine, type OrderLine } from '../orders/support.js';

/**
 * The plan tests' plant on a fixed clock: Monday 23 November 2026, 08:00 UTC, working time Monday to
 * Friday 06:00-22:00 UTC; a company with its order line and another company; the product Frame:
 * SAW 30 min setup + 15 min a piece, DRILL 30 min a piece.
 */
export async function planPlant() {
  const clock = settableClock('2026-11-23T08:00:00Z');
  const t: TestApp = await createTestApp({ WORKING_TIME: '1-5 06:00-22:00' }, { clock });
  const line: OrderLine = await orderLine(t);
  const other: OrderLine = await orderLine(t);
  const { saw, drill } = line.stations;
  const created = await line.admin.post('/api/materials', {
    type: 'product',
    name: 'Frame',
    materialNumber: 'P-9',
    vat: 19,
    stock: { quantity: 0, unit: 'pcs' },
    manufacturingSteps: [
      { process: 'Sawing', time: 15, setupTime: 30, stationId: saw.id },
      { process: 'Drilling', time: 30, setupTime: 0, stationId: drill.id },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  return { clock, t, line, other, frame: created.json().id as string };
}
