import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadedBytes, expectNoAxeViolations, signIn, startBrowserApp, type BrowserApp, type BrowserSession } from '../support/browser.js';
import { newHeldPage } from './hold-notifications.js';

// Materials: the three tabs, the add and edit screens with image and bill of materials, delete.
// The server's image limit is lowered so an oversized upload can be shown without sending 512 MB.
const imageLimitBytes = 400_000;
let app: BrowserApp;

beforeAll(async () => {
  app = await startBrowserApp({ MATERIAL_IMAGE_MAX_BYTES: String(imageLimitBytes) });
});

afterAll(async () => {
  await app?.close();
});

interface SeededMaterial {
  id: string;
  name: string;
  version: number;
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const section = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
const table = (page: Page, name: string) => page.getByRole('grid', { name });
const rowNames = async (page: Page, name: string) => (await table(page, name).getByRole('rowheader').allTextContents()).map((text) => text.trim());
const notification = (page: Page, role: 'status' | 'alert', text: string | RegExp) => page.getByRole(role).filter({ hasText: text });

async function callApi<T>(session: BrowserSession, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<T> {
  const answer = await app.testApp.app.inject({ method, url, headers: { authorization: `Bearer ${session.access_token}` }, payload });
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer.json() as T;
}

const seed = (session: BrowserSession, material: Record<string, unknown>) =>
  callApi<SeededMaterial>(session, 'POST', '/api/materials', { vat: 19, stock: { quantity: 10, unit: 'pcs' }, ...material });

/** A real PNG of `width` x `height` pixels, stored without compression so its size is predictable. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set([x % 256, 90, 200 - (x % 120)], 1 + x * 3);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)), { level: 0 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Slows the browser's uploads down so the progress bar can be watched. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.enable');
  await devtools.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
  return () => devtools.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
}

async function openSignedIn(page: Page, where: string) {
  const session = await signIn(page, app, { role: 'SUPER_USER' });
  return { session, go: () => page.goto(`${app.baseUrl}${where}`) };
}

async function chooseComponent(page: Page, row: string, search: string, option: RegExp, quantity?: string) {
  const group = section(page, row);
  await group.getByRole('combobox', { name: 'Material' }).fill(search);
  await page.getByRole('option', { name: option }).click();
  if (quantity) await group.getByRole('textbox', { name: 'Quantity' }).fill(quantity);
}

describe('material screen: tabs and lists', () => {
  it('pages, filters and sorts on the server, keeps it all in the address over a reload, and switches tabs by keyboard', async () => {
    const page = await newHeldPage(app);
    const { session, go } = await openSignedIn(page, '/material');
    for (let bike = 1; bike <= 12; bike += 1) {
      await seed(session, { type: 'product', name: `Bike ${String(bike).padStart(2, '0')}`, materialNumber: `B-${bike}`, netPrice: 100 * bike });
    }
    await seed(session, { type: 'manufacturing_part', name: 'Frame', materialNumber: 'F-1' });
    await seed(session, { type: 'purchasing_part', name: 'Screw M4', materialNumber: 'S-4', netPrice: 0.1, purchasing: { supplier: 'Würth' } });
    await go();

    await heading(page, 'Materials').waitFor();
    expect(await page.getByRole('tab', { name: 'Product' }).getAttribute('aria-selected')).toBe('true');
    await page.getByText('1 - 10 of 12 results').waitFor();
    expect((await table(page, 'Products').getByRole('columnheader').allTextContents()).map((text) => text.trim())).toEqual([
      'Name',
      'Material number',
      'Net price',
      'VAT (%)',
      'Weight (kg)',
      'Stock',
      'Components',
      'Actions',
    ]);
    await expectNoAxeViolations(page, '/material (Product tab)');

    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('11 - 12 of 12 results').waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');

    await page.getByRole('searchbox', { name: 'Search' }).fill('Bike 1');
    await page.getByText('1 - 3 of 3 results').waitFor();
    await table(page, 'Products').getByRole('columnheader', { name: 'Net price' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('netPrice');
    await table(page, 'Products').getByRole('columnheader', { name: 'Net price' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('-netPrice');
    await expect.poll(() => rowNames(page, 'Products')).toEqual(['Bike 12', 'Bike 11', 'Bike 10']);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ type: 'product', q: 'Bike 1', sort: '-netPrice' });

    await page.reload();
    await page.getByText('1 - 3 of 3 results').waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('Bike 1');
    expect(await rowNames(page, 'Products')).toEqual(['Bike 12', 'Bike 11', 'Bike 10']);
    expect(await table(page, 'Products').getByRole('columnheader', { name: 'Net price' }).getAttribute('aria-sort')).toBe('descending');

    // The CSV is the current tab with its filter and sort.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = (await downloadedBytes(await download)).toString('utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('Bike 12;B-12');

    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.getByRole('tab', { name: 'Product' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('manufacturing_part');
    await table(page, 'Manufacturing parts').getByRole('rowheader', { name: 'Frame' }).waitFor();
    await expectNoAxeViolations(page, '/material (Manufacturing part tab)');

    await page.getByRole('tab', { name: 'Purchasing part' }).click();
    await table(page, 'Purchasing parts').getByRole('rowheader', { name: 'Screw M4' }).waitFor();
    expect(await table(page, 'Purchasing parts').getByRole('columnheader', { name: 'Components' }).count()).toBe(0);
    await page.getByText('1 - 1 of 1 results').waitFor();
    await expectNoAxeViolations(page, '/material (Purchasing part tab)');
    await page.reload();
    await table(page, 'Purchasing parts').getByRole('rowheader', { name: 'Screw M4' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Purchasing part' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows the empty state of a tab without materials', async () => {
    const page = await newHeldPage(app);
    const { go } = await openSignedIn(page, '/material?type=manufacturing_part');
    await go();
    await table(page, 'Manufacturing parts').getByText('No results found.').waitFor();
    await page.getByText('0 - 0 of 0 results').waitFor();
  });
});

describe('material screen: operators', () => {
  it('lets an operator read the materials but offers no add, edit or delete', async () => {
    const page = await newHeldPage(app);
    await signIn(page, app, { role: 'OPERATOR' });
    await page.goto(`${app.baseUrl}/material?type=purchasing_part`);
    await heading(page, 'Materials').waitFor();
    await table(page, 'Purchasing parts').getByText('No results found.').waitFor();
    expect(await page.getByRole('link', { name: 'Add New Purchasing Part' }).count()).toBe(0);
    expect(await table(page, 'Purchasing parts').getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Export CSV' }).isVisible()).toBe(true);
  });
});

describe('material screen: add and edit', () => {
  it("shows a text field's limit while typing and the message as soon as the text is too long, in German", async () => {
    const page = await newHeldPage({ newPage: () => app.newPage({ locale: 'de-DE' }) });
    const { go } = await openSignedIn(page, '/material/add-material?type=product');
    await go();
    await heading(page, 'Neues Produkt hinzufügen').waitFor();
    await page.getByRole('button', { name: 'Wert hinzufügen' }).click();
    const value = section(page, 'Wert 1');
    const name = value.getByRole('textbox', { name: 'Name' });
    const description = () =>
      name.evaluate((input) =>
        (input.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
    // The limit is there before anything is typed, and counts along.
    await expect.poll(description).toContain('0/10 Zeichen');
    await name.pressSequentially('Länge');
    await expect.poll(description).toContain('5/10 Zeichen');
    expect(await description()).not.toContain('Höchstens 10 Zeichen.');
    // One character too many: said at once, not only after Save.
    await name.pressSequentially('nmaß X');
    await expect.poll(description).toContain('11/10 Zeichen');
    await expect.poll(description).toContain('Höchstens 10 Zeichen.');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page, '/material/add-material with a value name too long');
    await name.press('Backspace');
    await expect.poll(description).not.toContain('Höchstens 10 Zeichen.');
  });

  it('adds a product with attributes, values, components and an image, showing the upload progress and the preview', async () => {
    const page = await newHeldPage(app);
    const { session, go } = await openSignedIn(page, '/material?type=product');
    const screw = await seed(session, { type: 'purchasing_part', name: 'Screw M4', materialNumber: 'S-4', netPrice: 0.1 });
    await seed(session, {
      type: 'manufacturing_part',
      name: 'Frame',
      materialNumber: 'F-1',
      netPrice: 50,
      components: [{ materialId: screw.id, quantity: 4 }],
    });
    await go();

    await page.getByRole('link', { name: 'Add New Product' }).click();
    await page.waitForURL('**/material/add-material?type=product');
    await heading(page, 'Add New Product').waitFor();
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect((await trail.getByRole('link').allTextContents()).map((text) => text.trim())).toEqual(['Material', 'Product', 'Add New Product']);
    await expectNoAxeViolations(page, '/material/add-material (empty form)');

    const general = section(page, 'General');
    await general.getByRole('textbox', { name: 'Name' }).fill('City Bike');
    await general.getByRole('textbox', { name: 'Material number' }).fill('CB-1');
    const prices = section(page, 'Price, weight and stock');
    await prices.getByRole('textbox', { name: 'Net price' }).fill('1234.56');
    await prices.getByRole('textbox', { name: 'VAT (%)' }).fill('19');
    await prices.getByRole('textbox', { name: 'Stock' }).fill('5');
    await prices.getByRole('textbox', { name: 'Unit' }).fill('pcs');

    await page.getByRole('button', { name: 'Add attribute' }).click();
    const colour = section(page, 'Attribute 1');
    await colour.getByRole('textbox', { name: 'Name' }).fill('Colour');
    await colour.getByRole('textbox', { name: 'Option 1' }).fill('red');
    await colour.getByRole('button', { name: 'Add option' }).click();
    await colour.getByRole('textbox', { name: 'Option 2' }).fill('blue');

    await page.getByRole('button', { name: 'Add value' }).click();
    const height = section(page, 'Value 1');
    await height.getByRole('textbox', { name: 'Name' }).fill('Height');
    await height.getByRole('textbox', { name: 'Value', exact: true }).fill('110');
    await height.getByRole('textbox', { name: 'Unit' }).fill('cm');
    await height.getByRole('textbox', { name: 'Min. tolerance' }).fill('109.5');
    await height.getByRole('textbox', { name: 'Max. tolerance' }).fill('110.5');

    await page.getByRole('button', { name: 'Add component' }).click();
    await chooseComponent(page, 'Component 1', 'Fra', /^Frame \(F-1\)/);
    await page.getByRole('button', { name: 'Add component' }).click();
    await chooseComponent(page, 'Component 2', 'screw', /^Screw M4 \(S-4\)/, '8');

    await page.locator('input[type="file"]').setInputFiles({ name: 'city-bike.png', mimeType: 'image/png', buffer: png(300, 300) });
    const preview = page.getByRole('img', { name: 'Image of City Bike' });
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(300);
    await page.getByText('The image is uploaded when you save.').waitFor();
    await expectNoAxeViolations(page, '/material/add-material (filled form)');

    const unthrottle = await throttleUploads(page, 100_000);
    await page.getByRole('button', { name: 'Save' }).click();
    const progress = page.getByRole('progressbar', { name: 'Uploading image' });
    await progress.waitFor();
    // The bar shows a share of the upload between none and all of it (waits for it; no sampling).
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[role="progressbar"][aria-valuenow]')].some((bar) => {
        const percent = Number(bar.getAttribute('aria-valuenow'));
        return percent > 0 && percent < 100;
      }),
    );
    await unthrottle();
    await notification(page, 'status', 'Material City Bike was created.').waitFor();
    await page.waitForURL('**/material?type=product');
    await table(page, 'Products').getByRole('rowheader', { name: 'City Bike' }).waitFor();

    const list = await callApi<{ data: { id: string; name: string }[] }>(session, 'GET', '/api/materials?type=product');
    const created = await callApi<Record<string, unknown>>(session, 'GET', `/api/materials/${list.data.find((m) => m.name === 'City Bike')?.id}`);
    expect(created).toMatchObject({
      materialNumber: 'CB-1',
      netPrice: 1234.56,
      vat: 19,
      stock: { quantity: 5, unit: 'pcs' },
      attributes: [{ name: 'Colour', options: ['red', 'blue'] }],
      values: [{ name: 'Height', number: 110, unit: 'cm', minTolerance: 109.5, maxTolerance: 110.5 }],
      components: [
        { name: 'Frame', quantity: 1 },
        { name: 'Screw M4', quantity: 8 },
      ],
      image: { contentType: 'image/png' },
    });
  });

  it('edits a product: the saved values, image and bill of materials show; a changed field is saved', async () => {
    const page = await newHeldPage(app);
    const { session, go } = await openSignedIn(page, '/material');
    const screw = await seed(session, { type: 'purchasing_part', name: 'Screw M4', materialNumber: 'S-4', netPrice: 0.1 });
    const frame = await seed(session, {
      type: 'manufacturing_part',
      name: 'Frame',
      materialNumber: 'F-1',
      netPrice: 50,
      components: [{ materialId: screw.id, quantity: 4 }],
    });
    const bike = await seed(session, {
      type: 'product',
      name: 'City Bike',
      materialNumber: 'CB-1',
      netPrice: 1234.56,
      vat: 19,
      stock: { quantity: 5, unit: 'pcs' },
      components: [
        { materialId: frame.id, quantity: 2 },
        { materialId: screw.id, quantity: 8 },
      ],
    });
    await app.testApp.app.inject({
      method: 'PUT',
      url: `/api/materials/${bike.id}/image`,
      headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'multipart/form-data; boundary=b' },
      payload: Buffer.concat([
        Buffer.from('--b\r\nContent-Disposition: form-data; name="image"; filename="bike.png"\r\nContent-Type: image/png\r\n\r\n'),
        png(40, 30),
        Buffer.from('\r\n--b--\r\n'),
      ]),
    });
    await go();

    await table(page, 'Products').getByRole('link', { name: 'Edit City Bike' }).click();
    await page.waitForURL(`**/material/edit-material/${bike.id}`);
    await heading(page, 'Edit Product').waitFor();
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect((await trail.getByRole('link').allTextContents()).map((text) => text.trim())).toEqual(['Material', 'Product', 'Edit Product']);
    expect(await section(page, 'General').getByRole('textbox', { name: 'Name' }).inputValue()).toBe('City Bike');
    expect(await section(page, 'Price, weight and stock').getByRole('textbox', { name: 'Net price' }).inputValue()).toBe('1,234.56');
    expect(await section(page, 'Component 1').getByRole('combobox', { name: 'Material' }).inputValue()).toBe('Frame (F-1)');
    const image = page.getByRole('img', { name: 'Image of City Bike' });
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth).catch(() => 0)).toBe(40);

    // Frame x2 holds 4 screws each (8 in total); 8 more screws directly: (2 x 4 + 8) x 0.10 = 1.60.
    const tree = page.getByRole('treegrid', { name: 'Bill of materials of City Bike' });
    await tree.waitFor();
    await page.getByText('Rolled-up net price: 1.60').waitFor();
    const rows = (await tree.getByRole('row').allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
    expect(rows).toEqual([
      expect.stringContaining('City Bike (CB-1)'),
      expect.stringMatching(/Frame \(F-1\).*2 per piece above.*2 in total.*Rolled-up 0\.40/),
      expect.stringMatching(/Screw M4 \(S-4\).*4 per piece above.*8 in total.*Net price 0\.10/),
      expect.stringMatching(/Screw M4 \(S-4\).*8 per piece above.*8 in total/),
    ]);
    await expectNoAxeViolations(page, '/material/edit-material (product with image and tree)');

    // The tree's branches open and close with the keyboard.
    await tree.getByRole('row', { name: /Frame/ }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => tree.getByRole('row').count()).toBe(3);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tree.getByRole('row').count()).toBe(4);

    await section(page, 'Price, weight and stock').getByRole('textbox', { name: 'Stock' }).fill('7');
    await page.getByRole('button', { name: 'Save' }).click();
    await notification(page, 'status', 'Material City Bike was saved.').waitFor();
    await page.waitForURL('**/material?type=product');
    const row = table(page, 'Products').getByRole('row', { name: /City Bike/ });
    await expect.poll(async () => (await row.getByRole('gridcell').allTextContents()).includes('7 pcs')).toBe(true);
    expect(await callApi<{ stock: unknown; version: number }>(session, 'GET', `/api/materials/${bike.id}`)).toMatchObject({
      vat: 19,
      stock: { quantity: 7, unit: 'pcs' },
    });
  });

  it('says when the material changed meanwhile and saves what was typed after loading the latest version', async () => {
    const page = await newHeldPage(app);
    const { session } = await openSignedIn(page, '/material');
    const rack = await seed(session, { type: 'product', name: 'Rack', materialNumber: 'R-1' });
    await page.goto(`${app.baseUrl}/material/edit-material/${rack.id}`);
    await heading(page, 'Edit Product').waitFor();
    await section(page, 'General').getByRole('textbox', { name: 'Name' }).fill('Rack Pro');

    // Someone else saves first.
    await callApi(session, 'PUT', `/api/materials/${rack.id}`, {
      type: 'product',
      name: 'Rack',
      materialNumber: 'R-2',
      vat: 19,
      stock: { quantity: 3, unit: 'pcs' },
      version: rack.version,
    });

    await page.getByRole('button', { name: 'Save' }).click();
    const conflict = page.getByRole('alert').filter({ hasText: 'Someone changed this material after you opened it.' });
    await conflict.waitFor();
    await expectNoAxeViolations(page, '/material/edit-material (conflict)');
    await conflict.getByRole('button', { name: 'Load latest version, keep my entries' }).click();
    await notification(page, 'status', 'The latest version is loaded and your entries are kept.').waitFor();
    expect(await section(page, 'General').getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Rack Pro');
    await page.getByRole('button', { name: 'Save' }).click();
    await notification(page, 'status', 'Material Rack Pro was saved.').waitFor();
    expect(await callApi<{ name: string; version: number }>(session, 'GET', `/api/materials/${rack.id}`)).toMatchObject({ name: 'Rack Pro', version: 3 });
  });

  it('shows the schema messages at the boundary, translated, and the server refusing a cycle in the bill of materials', async () => {
    const page = await newHeldPage(app);
    const { session } = await openSignedIn(page, '/material');
    await page.goto(`${app.baseUrl}/material/add-material?type=manufacturing_part`);
    await heading(page, 'Add New Manufacturing Part').waitFor();
    const name = section(page, 'General').getByRole('textbox', { name: 'Name' });
    await name.fill('x'.repeat(26));
    await page.getByRole('button', { name: 'Add attribute' }).click();
    await section(page, 'Attribute 1').getByRole('textbox', { name: 'Name' }).fill('Colour');
    await section(page, 'Attribute 1').getByRole('textbox', { name: 'Option 1' }).fill('red');
    await page.getByRole('button', { name: 'Add attribute' }).click();
    await section(page, 'Attribute 2').getByRole('textbox', { name: 'Name' }).fill('colour');
    await section(page, 'Attribute 2').getByRole('textbox', { name: 'Option 1' }).fill('blue');
    await page.getByRole('button', { name: 'Save' }).click();

    await page.getByText('Please correct the marked fields.').waitFor();
    await section(page, 'General').getByText('At most 25 characters.').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.evaluate((input) => input === document.activeElement)).toBe(true);
    await section(page, 'Attribute 2').getByText('This value already exists.').waitFor();
    await section(page, 'Price, weight and stock').getByText('This field is required.').waitFor();
    await section(page, 'Price, weight and stock').getByText('A unit is required.').waitFor();
    await expectNoAxeViolations(page, '/material/add-material (with problems)');

    await page.getByRole('button', { name: /Language/ }).click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await heading(page, 'Neues Fertigungsteil hinzufügen').waitFor();
    await section(page, 'Allgemein').getByText('Höchstens 25 Zeichen.').waitFor();
    await section(page, 'Attribut 2').getByText('Dieser Wert existiert bereits.').waitFor();

    const germanName = section(page, 'Allgemein').getByRole('textbox', { name: 'Name' });
    await germanName.fill('x'.repeat(25));
    await expect.poll(() => section(page, 'Allgemein').getByText('Höchstens 25 Zeichen.').count()).toBe(0);
    expect(await germanName.getAttribute('aria-invalid')).toBeNull();

    // A wheel that would contain the hub that contains it.
    const hub = await seed(session, { type: 'manufacturing_part', name: 'Hub', materialNumber: 'H-1' });
    const wheel = await seed(session, { type: 'manufacturing_part', name: 'Wheel', materialNumber: 'W-1', components: [{ materialId: hub.id, quantity: 1 }] });
    await page.goto(`${app.baseUrl}/material/edit-material/${hub.id}`);
    await heading(page, 'Fertigungsteil bearbeiten').waitFor();
    await page.getByRole('button', { name: 'Komponente hinzufügen' }).click();
    await chooseComponent(page, 'Komponente 1', 'Whe', /^Wheel \(W-1\)/);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await section(page, 'Komponente 1').getByText('Ein Material kann sich nicht selbst enthalten: Hub > Wheel > Hub.').waitFor();
    await notification(page, 'alert', 'Das Material konnte nicht gespeichert werden').waitFor();
    expect(await callApi<{ components: unknown[] }>(session, 'GET', `/api/materials/${hub.id}`)).toMatchObject({ components: [] });
    expect(wheel.id).toBeTruthy();
  });

  it('enters and shows numbers in the German format after switching the language', async () => {
    const page = await newHeldPage(app);
    const { session } = await openSignedIn(page, '/material');
    const pump = await seed(session, {
      type: 'purchasing_part',
      name: 'Pump',
      netPrice: 1234.56,
      weight: 2.5,
      purchasing: { supplier: 'Grundfos', minimumOrderQuantity: 1500 },
    });
    await page.goto(`${app.baseUrl}/material/edit-material/${pump.id}`);
    await heading(page, 'Edit Purchasing Part').waitFor();
    const price = section(page, 'Price, weight and stock').getByRole('textbox', { name: 'Net price' });
    expect(await price.inputValue()).toBe('1,234.56');

    await page.getByRole('button', { name: /Language/ }).click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await heading(page, 'Kaufteil bearbeiten').waitFor();
    const germanPrice = section(page, 'Preis, Gewicht und Bestand').getByRole('textbox', { name: 'Nettopreis' });
    await expect.poll(() => germanPrice.inputValue()).toBe('1.234,56');
    expect(await section(page, 'Preis, Gewicht und Bestand').getByRole('textbox', { name: 'Gewicht (kg)' }).inputValue()).toBe('2,5');
    expect(await section(page, 'Einkauf').getByRole('textbox', { name: 'Mindestbestellmenge' }).inputValue()).toBe('1.500');
    await expectNoAxeViolations(page, '/material/edit-material (German)');

    await germanPrice.fill('2.345,67');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await notification(page, 'status', 'Material Pump wurde gespeichert.').waitFor();
    expect(await callApi<{ netPrice: number }>(session, 'GET', `/api/materials/${pump.id}`)).toMatchObject({ netPrice: 2345.67 });
    const row = table(page, 'Kaufteile').getByRole('row', { name: /Pump/ });
    await expect.poll(async () => (await row.getByRole('gridcell').allTextContents()).includes('2.345,67')).toBe(true);
    await expectNoAxeViolations(page, '/material (German)');
  });

  it('translates a refused image: a file that is no picture (415) and one over the limit (413)', async () => {
    const page = await newHeldPage(app);
    const { session } = await openSignedIn(page, '/material');
    const bracket = await seed(session, { type: 'manufacturing_part', name: 'Bracket' });
    await page.goto(`${app.baseUrl}/material/edit-material/${bracket.id}`);
    await heading(page, 'Edit Manufacturing Part').waitFor();
    const file = section(page, 'Image').locator('input[type="file"]');

    await file.setInputFiles({ name: 'drawing.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await section(page, 'Image').getByText('Only JPG, JPEG or PNG images.').waitFor();

    await file.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('these are notes, not a picture') });
    await notification(page, 'alert', 'The image could not be uploaded: This file type is not supported.').waitFor();
    await section(page, 'Image').getByText('Only JPG, JPEG or PNG images.').waitFor();

    await file.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: png(400, 400) });
    await notification(page, 'alert', 'The image could not be uploaded: The upload is too large.').waitFor();
    await section(page, 'Image').getByText('The image may be at most 512 MB.').waitFor();
    expect(await callApi<{ image: unknown }>(session, 'GET', `/api/materials/${bracket.id}`)).toMatchObject({ image: null });

    await file.setInputFiles({ name: 'bracket.png', mimeType: 'image/png', buffer: png(20, 20) });
    await notification(page, 'status', 'The image was uploaded.').waitFor();
    await page.getByRole('img', { name: 'Image of Bracket' }).waitFor();
    await page.getByRole('button', { name: 'Remove image' }).click();
    await notification(page, 'status', 'The image was removed.').waitFor();
    await page.getByText('No image yet.').waitFor();
    // The two image changes moved the version on; the form saves on the newest one.
    await page.getByRole('button', { name: 'Save' }).click();
    await notification(page, 'status', 'Material Bracket was saved.').waitFor();
  });
});

describe('material screen: storage quota', () => {
  it("translates the refusal of an image once the company's storage is full, and takes it when there is room", async () => {
    const page = await newHeldPage(app);
    const { session } = await openSignedIn(page, '/material');
    const wheel = await seed(session, { type: 'manufacturing_part', name: 'Wheel' });
    // The company's files already fill its plan's quota (a sparse file: its size counts, no disk is used).
    const { storageQuotaBytes } = await callApi<{ storageQuotaBytes: number }>(session, 'GET', '/api/company-account/account');
    const filler = path.join(app.testApp.config.dataDir, 'companies', session.company ?? '', 'filler');
    await mkdir(filler, { recursive: true });
    const blob = await open(path.join(filler, 'blob'), 'w');
    await blob.truncate(storageQuotaBytes);
    await blob.close();

    await page.goto(`${app.baseUrl}/material/edit-material/${wheel.id}`);
    await heading(page, 'Edit Manufacturing Part').waitFor();
    const file = section(page, 'Image').locator('input[type="file"]');
    await file.setInputFiles({ name: 'wheel.png', mimeType: 'image/png', buffer: png(20, 20) });
    await notification(page, 'alert', "The image could not be uploaded: The company's storage is full").waitFor();
    await expectNoAxeViolations(page, 'material image refused: storage full');
    expect(await callApi<{ image: unknown }>(session, 'GET', `/api/materials/${wheel.id}`)).toMatchObject({ image: null });

    await rm(filler, { recursive: true, force: true });
    await file.setInputFiles({ name: 'wheel.png', mimeType: 'image/png', buffer: png(20, 20) });
    await notification(page, 'status', 'The image was uploaded.').waitFor();
  });
});

describe('material screen: delete', () => {
  it('refuses to delete a material used as a component, naming where, and deletes one that is not', async () => {
    const page = await newHeldPage(app);
    const { session, go } = await openSignedIn(page, '/material?type=purchasing_part');
    const screw = await seed(session, { type: 'purchasing_part', name: 'Screw M4', materialNumber: 'S-4' });
    await seed(session, { type: 'purchasing_part', name: 'Old Bracket' });
    await seed(session, { type: 'product', name: 'City Bike', materialNumber: 'CB-1', components: [{ materialId: screw.id, quantity: 8 }] });
    await seed(session, { type: 'manufacturing_part', name: 'Frame', materialNumber: 'F-1', components: [{ materialId: screw.id, quantity: 4 }] });
    await go();

    const purchasing = table(page, 'Purchasing parts');
    await purchasing.getByRole('button', { name: 'Delete Screw M4' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete material' });
    await dialog.getByText('Do you really want to delete Screw M4?').waitFor();
    await expectNoAxeViolations(page, '/material (delete dialog)');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    const refusal = notification(page, 'alert', /Screw M4 cannot be deleted as it is used as a component of: /);
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/City Bike \(CB-1\)/);
    expect(await refusal.textContent()).toMatch(/Frame \(F-1\)/);
    expect(await rowNames(page, 'Purchasing parts')).toContain('Screw M4');

    await purchasing.getByRole('button', { name: 'Delete Old Bracket' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await notification(page, 'status', 'Material Old Bracket was deleted.').waitFor();
    await expect.poll(() => rowNames(page, 'Purchasing parts')).toEqual(['Screw M4']);

    // From the edit screen, with the keyboard.
    const frame = (await callApi<{ data: { id: string; name: string }[] }>(session, 'GET', '/api/materials?type=manufacturing_part')).data[0];
    await page.goto(`${app.baseUrl}/material/edit-material/${frame.id}`);
    await heading(page, 'Edit Manufacturing Part').waitFor();
    await page.getByRole('button', { name: 'Delete material' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog', { name: 'Delete material' }).getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await notification(page, 'status', 'Material Frame was deleted.').waitFor();
    await page.waitForURL('**/material?type=manufacturing_part');
  });
});
