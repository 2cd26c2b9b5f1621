import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectOk, openStation, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { companyWithStationLine } from '../support/station-line.js';
import { type Client } from '../support/identity.js';
import { newHeldPage, openHeldPageAs } from './hold-notifications.js';

// Media at the station: the super user uploads a PDF drawing for the step at SAW on the material's
// screen (a missing station or file says 'Select station and/or upload media!'); the operator at
// SAW sees it with the order of that material; with "display of media with a new record" on, a new
// order arriving at SAW opens its media at once.
let app: BrowserApp;
let companyId: string;
let owner: Client;
let ownerMember: { id: string; token: string };
let operator: { id: string; login: string };
let saw: { id: string; name: string };
let frameId = '';

// A one-page PDF (what a drawing is) the server takes by its bytes.
const DRAWING = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

beforeAll(async () => {
  app = await startBrowserApp();
  const line = await companyWithStationLine(app.testApp, {
    companyName: 'Zeichnungen',
    operators: [{ firstName: 'Mia', lastName: 'Lang' }],
    stations: ['SAW'],
    remoteAddress: '10.8.0.1',
  });
  ({ companyId } = line);
  owner = line.owner.client;
  ownerMember = { id: line.owner.id, token: line.owner.token };
  [operator] = line.operators;
  [saw] = line.stations;
  frameId = expectOk<{ id: string }>(
    await owner.post('/api/materials', {
      type: 'manufacturing_part',
      name: 'Frame',
      materialNumber: 'F-1',
      vat: 19,
      stock: { quantity: 3, unit: 'pcs' },
      manufacturingSteps: [{ process: 'Cut the tubes', stationId: saw.id }],
    }),
    201,
  ).id;
});

afterAll(async () => {
  await app?.close();
});

/** A production order of the frame, started: it arrives at SAW. */
async function frameOrderAtSaw(): Promise<{ id: string; orderNumber: string }> {
  const created = expectOk<{ id: string; orderNumber: string; version: number }>(
    await owner.post('/api/orders', {
      kind: 'production',
      name: 'Rahmen',
      street: 'Werkstraße',
      houseNumber: '1',
      zip: '10115',
      place: 'Berlin',
      workInProgress: 'Rack 1',
      positions: [{ materialId: frameId, quantity: 1, netPrice: 10 }],
    }),
    201,
  );
  expectOk(await owner.post(`/api/orders/${created.id}/start-production`, { version: created.version }));
  return created;
}

describe('media at the station', () => {
  it('the super user uploads a drawing for the step at SAW; the operator there sees it; a new order opens it when the setting asks', async () => {
    const order = await frameOrderAtSaw();
    const page = await openHeldPageAs(app, ownerMember, 'SUPER_USER', companyId, `/material/edit-material/${frameId}`);
    const panel = page.getByRole('region', { name: 'Media' });
    await panel.getByText('No media yet.').waitFor();

    // Neither a station nor a file: the spec's message.
    await panel.getByRole('button', { name: 'Upload', exact: true }).click();
    await panel.getByRole('alert').getByText('Select station and/or upload media!').waitFor();
    await expectNoAxeViolations(page, '/material/edit-material/:id (media, nothing chosen)');

    await panel.getByRole('button', { name: /Station/ }).click();
    await page.getByRole('option', { name: 'Step at SAW' }).click();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), panel.getByRole('button', { name: 'Choose file' }).click()]);
    await chooser.setFiles({ name: 'frame-drawing.pdf', mimeType: 'application/pdf', buffer: DRAWING });
    await panel.getByText('Chosen: frame-drawing.pdf').waitFor();
    await panel.getByRole('button', { name: 'Upload', exact: true }).click();
    await panel.getByText('frame-drawing.pdf', { exact: true }).waitFor();
    await panel.getByText(/^SAW · PDF drawing · /).waitFor();
    await expectNoAxeViolations(page, '/material/edit-material/:id (media listed)');

    // The operator at SAW: the order's position shows the drawing, which opens in a dialog.
    const tablet = await newHeldPage(app);
    // Every Content-Security-Policy refusal on the tablet's page (a PDF in a blob: object is one).
    await tablet.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    await openStation(tablet, app, { station: saw, operator, companyId, remoteAddress: '10.8.1.1' });
    await tablet.getByRole('heading', { level: 3, name: `Order ${order.orderNumber}` }).waitFor();
    const media = tablet.getByRole('group', { name: 'Media for this station' });
    await media.getByRole('button', { name: 'Show frame-drawing.pdf' }).click();
    const shown = tablet.getByRole('dialog', { name: 'frame-drawing.pdf' });
    await shown.waitFor();
    // The drawing is shown from our own origin (the policy's frame-src 'self'), as a PDF, refused by no policy.
    const viewer = shown.locator('iframe[title="frame-drawing.pdf"]');
    await viewer.waitFor();
    const viewUrl = new URL((await viewer.getAttribute('src')) ?? '', app.baseUrl);
    expect(viewUrl.origin).toBe(new URL(app.baseUrl).origin);
    const pdf = await tablet.request.get(viewUrl.href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).equals(DRAWING)).toBe(true);
    await expect.poll(async () => (await viewer.elementHandle())?.contentFrame().then((frame) => frame?.url())).toBe(viewUrl.href);
    expect(await tablet.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    await expectNoAxeViolations(tablet, '/station/:id/work (a medium shown)');
    await shown.getByRole('button', { name: 'Close' }).click();
    await shown.waitFor({ state: 'detached' });

    // "Display of media with a new record": a new order arriving at SAW opens its media at once.
    const settings = expectOk<Record<string, unknown>>(await owner.get('/api/company-account/basic-settings'));
    expectOk(await owner.put('/api/company-account/updateBasicSettings', { ...settings, mediaOnNewRecord: true }));
    await tablet.reload();
    await tablet.getByRole('heading', { level: 1, name: saw.name }).waitFor();
    await tablet.getByRole('heading', { level: 3, name: `Order ${order.orderNumber}` }).waitFor();
    const next = await frameOrderAtSaw();
    const arrived = tablet.getByRole('dialog', { name: `Media of order ${next.orderNumber}: Frame` });
    await arrived.waitFor();
    await arrived.getByText('frame-drawing.pdf', { exact: true }).waitFor();
    await expectNoAxeViolations(tablet, '/station/:id/work (media of a new order)');
  });
});
