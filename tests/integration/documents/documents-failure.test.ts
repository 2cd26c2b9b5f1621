import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import { shippingCompany, type ShippingCompany } from '../shipments/support.js';
import { finished, request } from './support.js';

let t: TestApp;
let shop: ShippingCompany;

beforeAll(async () => {
  // An installation whose Chromium is missing: every print fails, and no retry fixes it.
  t = await createTestApp({ CHROME_PATH: '/nonexistent/chromium' });
  shop = await shippingCompany(t);
});
afterAll(async () => {
  await t?.close();
});

describe('a document that cannot be printed', () => {
  it('ends as failed ("error"), offers no download, and its job stays in the failed list', async () => {
    const order = await shop.openOrder();
    const requested = await request(shop.admin, { type: 'order-traveler', subjectId: order.id });
    const done = await finished(t, shop.admin, requested.id);
    expect(done).toMatchObject({ status: 'failed', failure: 'error', downloadUrl: null, size: null });
    expect((await shop.admin.get(`/api/documents/${requested.id}/file`)).statusCode).toBe(404);
    const failedJobs = await t.app.jobQueue.failedJobs('pdf');
    expect(failedJobs.map((job) => (job.data as { params: { documentId: string } }).params.documentId)).toContain(requested.id);
    expect(failedJobs[0].failedReason).toContain('CHROME_PATH');
  });
});
