import { describe, expect, it } from 'vitest';
import { issueToDetail } from '../shared/validation.js';
import {
  attachmentSchema,
  attachmentTypeOf,
  changeShipmentSchema,
  shipmentFormSchema,
  shipmentLimits,
  shipmentListQuerySchema,
  type ShipmentFormInput,
} from './shipment.schema.js';

const orderA = '00000000-0000-4000-8000-000000000001';
const orderB = '00000000-0000-4000-8000-000000000002';
const carrierId = '00000000-0000-4000-8000-00000000c001';

const form = (overrides: Partial<ShipmentFormInput> = {}): ShipmentFormInput => ({
  deliveredBy: { source: 'typed', name: 'Spedition Huber' },
  shippingDate: '2026-11-23',
  orderIds: [orderA],
  ...overrides,
});

/** The error details of an input, as the server and the web show them. */
function problemsOf(schema: { safeParse(input: unknown): { success: boolean; error?: { issues: Parameters<typeof issueToDetail>[0][] } } }, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error!.issues.map(issueToDetail).map(({ path, message, params }) => ({ path, message, ...(params ? { params } : {}) }));
}
const formProblems = (input: unknown) => problemsOf(shipmentFormSchema, input);

describe('the shipping order form', () => {
  it('takes a valid form and fills what may be left out', () => {
    expect(shipmentFormSchema.parse(form())).toEqual({
      deliveredBy: { source: 'typed', name: 'Spedition Huber' },
      trackingId: '',
      link: '',
      shippingDate: '2026-11-23',
      orderIds: [orderA],
    });
  });

  it('takes a carrier from master data by its id, or a name typed in (required, trimmed, at most the limit)', () => {
    expect(formProblems(form({ deliveredBy: { source: 'master-data', carrierId: carrierId.toUpperCase() } }))).toEqual([]);
    expect(shipmentFormSchema.parse(form({ deliveredBy: { source: 'master-data', carrierId: carrierId.toUpperCase() } })).deliveredBy).toEqual({
      source: 'master-data',
      carrierId,
    });
    expect(formProblems(form({ deliveredBy: { source: 'master-data', carrierId: 'dhl' } }))).toEqual([
      { path: 'deliveredBy.carrierId', message: 'shipments.validation.carrier' },
    ]);
    expect(formProblems(form({ deliveredBy: { source: 'typed', name: 'x'.repeat(shipmentLimits.carrierName) } }))).toEqual([]);
    expect(formProblems(form({ deliveredBy: { source: 'typed', name: 'x'.repeat(shipmentLimits.carrierName + 1) } }))).toEqual([
      { path: 'deliveredBy.name', message: 'validation.maxLength', params: { max: 50 } },
    ]);
    expect(formProblems(form({ deliveredBy: { source: 'typed', name: '   ' } }))).toEqual([
      { path: 'deliveredBy.name', message: 'validation.required', params: { min: 1 } },
    ]);
    expect(formProblems({ ...form(), deliveredBy: undefined })).toEqual([{ path: 'deliveredBy', message: 'shipments.validation.carrier' }]);
  });

  it('limits the tracking ID', () => {
    expect(formProblems(form({ trackingId: 'x'.repeat(shipmentLimits.trackingId) }))).toEqual([]);
    expect(formProblems(form({ trackingId: 'x'.repeat(shipmentLimits.trackingId + 1) }))).toEqual([
      { path: 'trackingId', message: 'validation.maxLength', params: { max: 50 } },
    ]);
  });

  it('takes an http(s) link of at most the limit, or none', () => {
    const long = `https://track.example/${'x'.repeat(shipmentLimits.link - 'https://track.example/'.length)}`;
    expect(formProblems(form({ link: long }))).toEqual([]);
    expect(formProblems(form({ link: `${long}x` }))).toEqual([{ path: 'link', message: 'validation.maxLength', params: { max: 2048 } }]);
    expect(formProblems(form({ link: 'javascript:alert(1)' }))).toEqual([{ path: 'link', message: 'shipments.validation.link' }]);
    expect(formProblems(form({ link: 'track here' }))).toEqual([{ path: 'link', message: 'shipments.validation.link' }]);
    expect(formProblems(form({ link: '' }))).toEqual([]);
  });

  it('needs a shipping date, one that exists', () => {
    expect(formProblems(form({ shippingDate: '2026-02-30' }))).toEqual([{ path: 'shippingDate', message: 'validation.invalidFormat' }]);
    expect(formProblems({ ...form(), shippingDate: undefined })).toEqual([{ path: 'shippingDate', message: 'validation.required' }]);
  });

  it('needs at least one order, each named once, at most the limit', () => {
    expect(formProblems(form({ orderIds: [] }))).toEqual([{ path: 'orderIds', message: 'shipments.validation.ordersRequired', params: { min: 1 } }]);
    expect(formProblems({ ...form(), orderIds: undefined })).toEqual([{ path: 'orderIds', message: 'shipments.validation.ordersRequired' }]);
    expect(formProblems(form({ orderIds: [orderA, orderB, orderA] }))).toEqual([{ path: 'orderIds.2', message: 'shipments.validation.orderTwice' }]);
    expect(formProblems(form({ orderIds: ['42'] }))).toEqual([{ path: 'orderIds.0', message: 'shipments.validation.orderId' }]);
    const many = Array.from({ length: shipmentLimits.orders + 1 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);
    expect(formProblems(form({ orderIds: many.slice(0, shipmentLimits.orders) }))).toEqual([]);
    expect(formProblems(form({ orderIds: many }))).toEqual([{ path: 'orderIds', message: 'validation.maxItems', params: { max: 50 } }]);
  });

  it('edits name the version they were loaded with', () => {
    expect(problemsOf(changeShipmentSchema, { ...form(), version: 3 })).toEqual([]);
    expect(problemsOf(changeShipmentSchema, form())).toEqual([{ path: 'version', message: 'validation.required' }]);
  });
});

describe('attachments', () => {
  it('takes PDF, PNG and JPEG up to the size limit', () => {
    const pdf = { fileName: 'lieferschein.pdf', contentType: 'application/pdf', size: shipmentLimits.attachmentBytes };
    expect(problemsOf(attachmentSchema, pdf)).toEqual([]);
    expect(problemsOf(attachmentSchema, { ...pdf, size: shipmentLimits.attachmentBytes + 1 })).toEqual([
      { path: 'size', message: 'errors.PAYLOAD_TOO_LARGE', params: { max: 25 * 1024 * 1024 } },
    ]);
    expect(problemsOf(attachmentSchema, { ...pdf, size: 0 })).toEqual([{ path: 'size', message: 'shipments.validation.emptyFile', params: { min: 1 } }]);
    expect(problemsOf(attachmentSchema, { ...pdf, contentType: 'image/gif' })).toEqual([{ path: 'contentType', message: 'errors.UNSUPPORTED_MEDIA_TYPE' }]);
    expect(problemsOf(attachmentSchema, { ...pdf, fileName: 'x'.repeat(256) })).toEqual([
      { path: 'fileName', message: 'validation.maxLength', params: { max: 255 } },
    ]);
  });

  it('knows the type by the bytes, not by the name', () => {
    expect(attachmentTypeOf(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
    expect(attachmentTypeOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(attachmentTypeOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(attachmentTypeOf(Uint8Array.from([0x47, 0x49, 0x46, 0x38]))).toBeNull();
    expect(attachmentTypeOf(new TextEncoder().encode('%PD'))).toBeNull();
  });
});

describe('the shipment list', () => {
  it('pages 10 rows from the first page, newest first, by default', () => {
    expect(shipmentListQuerySchema.parse({})).toEqual({ page: 1, limit: 10, sort: '-number' });
  });

  it('filters by statuses, order and search text; sorts by a known column', () => {
    expect(
      shipmentListQuerySchema.parse({
        status: 'open, ready-for-dispatch',
        orderId: orderA.toUpperCase(),
        q: ' huber ',
        sort: 'shippingDate',
        page: '2',
        limit: '25',
      }),
    ).toEqual({
      status: ['open', 'ready-for-dispatch'],
      orderId: orderA,
      q: 'huber',
      page: 2,
      limit: 25,
      sort: 'shippingDate',
    });
    expect(shipmentListQuerySchema.safeParse({ status: 'dispatched' }).success).toBe(false);
    expect(shipmentListQuerySchema.safeParse({ sort: '-password' }).success).toBe(false);
    expect(shipmentListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});
