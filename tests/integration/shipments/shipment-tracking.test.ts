import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedTrackingLink } from '../../../src/domain/shipments/shipment-tracking.views.js';
import { settableClock, type SettableClock } from '../../../src/server/platform/clock.js';
import { withTenant } from '../../../src/server/platform/db.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { testLogoPng, uploadCompanyLogo } from '../../support/identity.js';
import { act, clientOf, createShipment, errorOf, shippingCompany, type ShippingCompany } from './support.js';

let t: TestApp;
let clock: SettableClock;
let home: ShippingCompany;
let rival: ShippingCompany;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  clock = settableClock('2026-11-23T08:00:00.000Z');
  t = await createTestApp({}, { clock });
  home = await shippingCompany(t, 'Tracking Home');
  rival = await shippingCompany(t, 'Tracking Rival');
});
afterAll(async () => {
  await t?.close();
});

/** A visitor without an account, from an address of their own (the public route is rate-limited per address). */
const visit = (token: string, remoteAddress = '203.0.113.7') => t.app.inject({ method: 'GET', url: `/api/tracking/${token}`, remoteAddress });

async function makeLink(client = home.admin, shipmentId: string, days?: number): Promise<CreatedTrackingLink> {
  const res = await client.post(`/api/shipments/${shipmentId}/tracking-links`, days === undefined ? {} : { days });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('the end customer tracking page', () => {
  it('shows what was shipped, when, by whom and where it stands, without sign-in, and follows the shipment', async () => {
    const [a, b] = [await home.readyOrder(), await home.readyOrder()];
    let shipment = await createShipment(home.admin, [a.id, b.id], { link: 'https://carrier.example/track?id=HU-4711' });
    const link = await makeLink(home.admin, shipment.id);
    expect(link).toMatchObject({ active: true, revokedAt: null, expiresAt: '2026-11-30T08:00:00.000Z', path: `/tracking/${link.token}` });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const page = await visit(link.token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.json()).toEqual({
      shipmentNumber: shipment.shipmentNumber,
      status: 'open',
      carrierName: 'Spedition Huber',
      trackingId: 'HU-4711',
      link: 'https://carrier.example/track?id=HU-4711',
      shippingDate: '2026-11-24',
      orders: [
        { orderNumber: a.orderNumber, positions: [{ materialName: 'City bike', materialNumber: 'P-1', quantity: 1 }] },
        { orderNumber: b.orderNumber, positions: [{ materialName: 'City bike', materialNumber: 'P-1', quantity: 1 }] },
      ],
      updatedAt: shipment.updatedAt,
      expiresAt: link.expiresAt,
      sender: { companyName: 'Tracking Home', hasLogo: false },
    });

    shipment = await act(home.admin, shipment, 'ready-to-dispatch');
    shipment = await act(home.admin, shipment, 'dispatch');
    expect((await visit(link.token)).json().status).toBe('sent');
    await act(home.admin, shipment, 'deliver');
    expect((await visit(link.token)).json().status).toBe('delivered');
  });

  it('names the sending company and shows its logo by the token alone; no logo, or a link gone, is a 404', async () => {
    const shipment = await createShipment(home.admin, [(await home.readyOrder()).id]);
    const link = await makeLink(home.admin, shipment.id);
    const logo = (token: string) => t.app.inject({ method: 'GET', url: `/api/tracking/${token}/logo`, remoteAddress: '203.0.113.8' });
    expect((await logo(link.token)).statusCode).toBe(404);

    const uploaded = await uploadCompanyLogo(t, home.company.superUser.token);
    expect(uploaded.statusCode, uploaded.body).toBe(200);

    expect((await visit(link.token)).json().sender).toEqual({ companyName: 'Tracking Home', hasLogo: true });
    const shown = await logo(link.token);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.rawPayload.equals(testLogoPng)).toBe(true);
    // The other company's logo is never reached through this company's token, nor through a made-up one.
    expect(errorOf((await logo('not-a-token-of-anyone')).body).code).toBe('TRACKING_LINK_NOT_FOUND');
    const rivalShipment = await createShipment(rival.admin, [(await rival.readyOrder()).id]);
    expect((await visit((await makeLink(rival.admin, rivalShipment.id)).token)).json().sender).toEqual({ companyName: 'Tracking Rival', hasLogo: false });
  });

  it('answers the same 404 for an unknown token, an expired link and a withdrawn one', async () => {
    const shipment = await createShipment(home.admin, [(await home.readyOrder()).id]);
    const unknown = await visit('not-a-token-of-anyone');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown.body).code).toBe('TRACKING_LINK_NOT_FOUND');

    const shortLived = await makeLink(home.admin, shipment.id, 1);
    expect((await visit(shortLived.token)).statusCode).toBe(200);
    clock.advance(DAY_MS);
    expect(errorOf((await visit(shortLived.token)).body).code).toBe('TRACKING_LINK_NOT_FOUND');
    const listed = await home.admin.get(`/api/shipments/${shipment.id}/tracking-links`);
    expect(listed.json().data).toEqual([expect.objectContaining({ id: shortLived.id, active: false, revokedAt: null })]);

    const withdrawn = await makeLink(home.admin, shipment.id);
    expect((await visit(withdrawn.token)).statusCode).toBe(200);
    const revoked = await home.admin.delete(`/api/shipments/${shipment.id}/tracking-links/${withdrawn.id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ id: withdrawn.id, active: false, revokedAt: clock.now().toISOString() });
    const gone = await visit(withdrawn.token);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone.body).code).toBe('TRACKING_LINK_NOT_FOUND');
  });

  it('keeps links to their company: another company cannot list, make or withdraw them (404), and the token alone opens only its shipment', async () => {
    const shipment = await createShipment(home.admin, [(await home.readyOrder()).id]);
    const link = await makeLink(home.admin, shipment.id);
    expect((await rival.admin.get(`/api/shipments/${shipment.id}/tracking-links`)).statusCode).toBe(404);
    expect((await rival.admin.post(`/api/shipments/${shipment.id}/tracking-links`, {})).statusCode).toBe(404);
    const foreignRevoke = await rival.admin.delete(`/api/shipments/${shipment.id}/tracking-links/${link.id}`);
    expect(foreignRevoke.statusCode).toBe(404);
    expect((await visit(link.token)).json().shipmentNumber).toBe(shipment.shipmentNumber);
  });

  it('lets writers make and withdraw links; an operator only reads; no sign-in is no access to the links', async () => {
    const shipment = await createShipment(home.admin, [(await home.readyOrder()).id]);
    const refused = await home.operator.post(`/api/shipments/${shipment.id}/tracking-links`, {});
    expect(refused.statusCode).toBe(403);
    expect((await home.operator.get(`/api/shipments/${shipment.id}/tracking-links`)).statusCode).toBe(200);
    expect((await clientOf(t).get(`/api/shipments/${shipment.id}/tracking-links`)).statusCode).toBe(401);
    const tooLong = await home.admin.post(`/api/shipments/${shipment.id}/tracking-links`, { days: 91 });
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong.body).details).toEqual([expect.objectContaining({ path: 'days' })]);
  });

  it('stores only a hash of the token', async () => {
    const shipment = await createShipment(home.admin, [(await home.readyOrder()).id]);
    const link = await makeLink(home.admin, shipment.id);
    const rows = await t.app.db.selectFrom('shipment_tracking_links').select(['token_hash']).where('id', '=', link.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(link.token);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('a tracking link made with an Idempotency-Key (issue 26)', () => {
  it('is answered with its token once; the stored answer and a repeat hold no token', async () => {
    const order = await home.readyOrder();
    const shipment = await createShipment(home.admin, [order.id]);
    const key = `link-${shipment.id}`;
    const create = () =>
      home.admin.send({ method: 'POST', url: `/api/shipments/${shipment.id}/tracking-links`, payload: {}, headers: { 'idempotency-key': key } });
    const first = await create();
    expect(first.statusCode, first.body).toBe(201);
    const link = first.json() as CreatedTrackingLink;
    expect((await visit(link.token)).statusCode).toBe(200);

    const stored = await withTenant(t.app.db, home.company.companyId, (tx) =>
      tx.selectFrom('idempotency_keys').select('body').where('key', '=', key).executeTakeFirstOrThrow(),
    );
    expect(stored.body).not.toContain(link.token);
    const repeat = await create();
    expect(repeat.statusCode).toBe(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toMatchObject({ id: link.id, token: '[redacted]', path: '/tracking/[redacted]' });
    // Ran once: one link.
    expect((await home.admin.get(`/api/shipments/${shipment.id}/tracking-links`)).json().data).toHaveLength(1);
  });
});
