import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipmentLimits } from '../../../src/domain/shipments/shipment.schema.js';
import type { ShipmentView } from '../../../src/domain/shipments/shipments.views.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { act, createShipment, errorOf, filesUnder, multipartFile, shippingCompany, type Client, type ShippingCompany } from './support.js';

const PDF_BYTES = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR fake png body')]);

let t: TestApp;
let home: ShippingCompany;
let rival: ShippingCompany;

beforeAll(async () => {
  t = await createTestApp();
  home = await shippingCompany(t, 'Anhang Home');
  rival = await shippingCompany(t, 'Anhang Rival');
});
afterAll(async () => {
  await t?.close();
});

const upload = (client: Client, shipmentId: string, bytes: Buffer, fileName: string, contentType = 'application/octet-stream') =>
  client.send({ method: 'POST', url: `/api/shipments/${shipmentId}/attachments`, ...multipartFile(bytes, fileName, contentType) });

const folderOf = (shipmentId: string) => path.join(t.config.dataDir, 'companies', home.company.companyId, 'shipments', shipmentId);

const newShipment = async () => createShipment(home.admin, [(await home.readyOrder()).id]);

describe('attachments', () => {
  it('stores a PDF and a PNG, typed by their bytes, and serves the same bytes to its company only', async () => {
    const shipment = await newShipment();
    const res = await upload(home.admin, shipment.id, PDF_BYTES, 'Lieferschein 4711.pdf', 'text/plain');
    expect(res.statusCode, res.body).toBe(201);
    let view: ShipmentView = res.json();
    expect(view.attachments).toEqual([{ id: expect.any(String), fileName: 'Lieferschein 4711.pdf', contentType: 'application/pdf', size: PDF_BYTES.length }]);
    view = (await upload(home.admin, shipment.id, PNG_BYTES, 'palette.png')).json();
    expect(view.attachments.map((attachment) => attachment.contentType)).toEqual(['application/pdf', 'image/png']);
    expect(filesUnder(folderOf(shipment.id)).sort()).toEqual(view.attachments.map((attachment) => path.join(folderOf(shipment.id), attachment.id)).sort());

    const [pdf] = view.attachments;
    const download = await home.admin.get(`/api/shipments/${shipment.id}/attachments/${pdf.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''Lieferschein%204711.pdf`);
    expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);

    const foreign = await rival.admin.get(`/api/shipments/${shipment.id}/attachments/${pdf.id}`);
    expect(foreign.statusCode).toBe(404);
    const foreignUpload = await upload(rival.admin, shipment.id, PDF_BYTES, 'x.pdf');
    expect(foreignUpload.statusCode).toBe(404);
    expect(filesUnder(path.join(t.config.dataDir, 'companies', rival.company.companyId))).toEqual([]);
    const history = await home.admin.get(`/api/shipments/${shipment.id}/history`);
    expect((history.json().data as { type: string }[]).map((entry) => entry.type).slice(-2)).toEqual(['ShipmentAttachmentAdded', 'ShipmentAttachmentAdded']);
  });

  it('refuses bytes that are no PDF, PNG or JPEG (415), whatever the name says, leaving nothing on disk', async () => {
    const shipment = await newShipment();
    const res = await upload(home.admin, shipment.id, Buffer.from('MZ this is an executable, not a pdf'), 'invoice.pdf', 'application/pdf');
    expect(res.statusCode).toBe(415);
    expect(errorOf(res.body).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(filesUnder(folderOf(shipment.id))).toEqual([]);
    const notMultipart = await home.admin.post(`/api/shipments/${shipment.id}/attachments`, { file: 'x' });
    expect(notMultipart.statusCode).toBe(415);
    expect((await home.admin.get(`/api/shipments/${shipment.id}`)).json().attachments).toEqual([]);
  });

  it('refuses a file above the size limit (413), leaving nothing on disk', async () => {
    const shipment = await newShipment();
    const tooBig = Buffer.concat([PDF_BYTES, Buffer.alloc(shipmentLimits.attachmentBytes)]);
    const res = await upload(home.admin, shipment.id, tooBig, 'huge.pdf');
    expect(res.statusCode).toBe(413);
    expect(errorOf(res.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: [{ params: { max: shipmentLimits.attachmentBytes } }] });
    expect(filesUnder(folderOf(shipment.id))).toEqual([]);
  });

  it('refuses an attachment to a Sent shipment (409), leaving nothing on disk; removing is refused there too', async () => {
    let shipment = await newShipment();
    shipment = (await upload(home.admin, shipment.id, PDF_BYTES, 'a.pdf')).json();
    shipment = await act(home.admin, shipment, 'ready-to-dispatch');
    shipment = await act(home.admin, shipment, 'dispatch');
    const before = filesUnder(folderOf(shipment.id));
    const res = await upload(home.admin, shipment.id, PNG_BYTES, 'late.png');
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.body).code).toBe('SHIPPING_ORDER_IN_STATUS_SENT_NOT_EDITABLE');
    expect(filesUnder(folderOf(shipment.id))).toEqual(before);
    const remove = await home.admin.send({
      method: 'DELETE',
      url: `/api/shipments/${shipment.id}/attachments/${shipment.attachments[0].id}`,
      payload: { version: shipment.version },
    });
    expect(remove.statusCode).toBe(409);
    expect(errorOf(remove.body).code).toBe('SHIPPING_ORDER_IN_STATUS_SENT_NOT_EDITABLE');
  });

  it('removes an attachment and its file; another company cannot', async () => {
    let shipment = await newShipment();
    shipment = (await upload(home.admin, shipment.id, PDF_BYTES, 'a.pdf')).json();
    const [attachment] = shipment.attachments;
    const remove = (client: Client, version: number) =>
      client.send({ method: 'DELETE', url: `/api/shipments/${shipment.id}/attachments/${attachment.id}`, payload: { version } });
    expect((await remove(rival.admin, shipment.version)).statusCode).toBe(404);
    expect((await remove(home.operator, shipment.version)).statusCode).toBe(403);
    expect((await remove(home.admin, shipment.version - 1)).statusCode).toBe(409);
    const res = await remove(home.admin, shipment.version);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().attachments).toEqual([]);
    expect(filesUnder(folderOf(shipment.id))).toEqual([]);
    expect((await home.admin.get(`/api/shipments/${shipment.id}/attachments/${attachment.id}`)).statusCode).toBe(404);
  });
});
