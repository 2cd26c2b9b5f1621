import { favouritesOf, type Address, type BasicSettings } from '../../../domain/company/company.schema.js';
import type { DocumentType, LabelSize } from '../../../domain/documents/documents.schema.js';
import { orderEvents, orderStreamId, type OrderEvent } from '../../../domain/orders/order.events.js';
import { piecesOf, positionsForPieces } from '../../../domain/orders/order.decider.js';
import { isEventOf } from '../../../domain/shared/decider.js';
import type { WorkTimes } from '../../../domain/labour/labour.views.js';
import { timeZoneOf, type WorkingTime } from '../../../domain/company/working-time.rules.js';
import type { Tx } from '../../platform/db.js';
import type { EventStore } from '../../platform/event-store.js';
import { permanentJobFailure } from '../../platform/jobs.js';
import { findCompany, workingTimeOfRow } from '../company/index.js';
import { findUserById, userNamesByIds } from '../identity/index.js';
import { workTimesOf } from '../labour/index.js';
import { findMaterial } from '../materials/index.js';
import { findOrderRow, findOrderRows } from '../orders/index.js';
import { findShipmentRow } from '../shipments/index.js';
import { findNcrRow, ncrsOfOrder, ncrViewOf } from '../quality/index.js';
import { findLotRow, lotItemOf, lotOriginsOf } from '../lots/index.js';
import type { NcrView } from '../../../domain/quality/quality.views.js';
import { stationNamesById } from '../stations/index.js';
import type { DocumentRow } from './documents.tables.js';

/** The sender block of every document: the company's name, address, contact, logo file, date format and time zone. */
export interface Sender {
  name: string;
  address: Address;
  email: string;
  phone: string;
  logoFile: string | null;
  dateFormat: BasicSettings['dateFormat'];
  /** The company's IANA time zone (its working time's, else the server's): days and times print in it. */
  timeZone: string;
}

export interface Line {
  materialName: string;
  materialNumber: string;
  quantity: number;
}

export interface DeliveryBillContent {
  type: 'delivery-bill';
  shipmentNumber: string;
  customerName: string;
  deliveryAddress: { name: string; street: string; houseNumber: string; addressSuffix: string; zip: string; place: string; country: string } | null;
  carrier: string;
  trackingId: string;
  shippingDate: string;
  /** Each order's positions as far as this shipment takes them; `shipped` its pieces when a part (null: the whole order), of `ordered`. */
  orders: { orderNumber: string; packaging: string; positions: Line[]; shipped: number | null; ordered: number; lots: NamedLot[] }[];
  /** Asked "with certificates": the lots' certificates, each appended after the bill unless not a readable PDF (set by the printing job). */
  certificates?: { lotNumber: string; fileName: string; appended: boolean }[];
}

/** A lot as a delivery bill and a test protocol name it (docs/quality-and-lots.md): its number, material, heat number, certificate on file. */
export interface NamedLot {
  number: string;
  materialName: string;
  supplierLotNumber: string;
  hasCertificate: boolean;
  /** A produced lot of a material with serial numbers: its pieces' serials. */
  serials: string[];
}

/** The lots in an order (made and consumed, down to the bought ones). */
async function lotsIn(tx: Tx, orderId: string): Promise<NamedLot[]> {
  return (await lotOriginsOf(tx, { orderId })).lots.map(({ number, materialName, supplierLotNumber, hasCertificate, serials }) => ({
    number,
    materialName,
    supplierLotNumber,
    hasCertificate,
    serials,
  }));
}

/** A lot's label: the material label's layout with the lot number as barcode and QR code, the heat number and the quantity. */
export interface LotLabelContent extends Omit<MaterialLabelContent, 'type'> {
  type: 'lot-label';
}

export interface MaterialLabelContent {
  type: 'material-label';
  materialNumber: string;
  /**
   * What the barcode and QR code say: the material number, or the material's id when it has none
   * (the number is optional in the form; a station scan finds the material by either).
   */
  code: string;
  name: string;
  materialType: string;
  stockUnit: string;
  labelSize: LabelSize;
  /** The company's favourite attributes and values the material has: `Colour: red, blue`, `Length: 120 mm`. */
  favourites: { name: string; text: string }[];
}

export interface OrderTravelerContent {
  type: 'order-traveler';
  orderNumber: string;
  kind: string;
  name: string;
  deliveryDate: string | null;
  noteForProduction: string;
  positions: Line[];
}

export interface Measurement {
  valueName: string;
  nominal: number;
  unit: string;
  minTolerance: number;
  maxTolerance: number;
  measured: number | null;
  passed: boolean | null;
  measuredBy: string | null;
  measuredAt: string | null;
  stationName: string | null;
}

/** One measurement as it happened (the test protocol's history: first measurement, re-measurement). */
export interface MeasurementRecord {
  valueName: string;
  unit: string;
  measured: number;
  passed: boolean;
  measuredBy: string;
  measuredAt: string;
  stationName: string;
}

/** A non-conformance report of the order (docs/quality-and-lots.md) as the test protocol prints it. */
export interface ProtocolNcr {
  number: string;
  status: 'held' | 'rework' | 'closed';
  stationName: string;
  valueName: string;
  openedAt: string;
  decisions: { disposition: string; note: string; reworkStationName: string | null; scrapReason: string | null; decidedBy: string; at: string }[];
}

export interface TestProtocolContent {
  type: 'test-protocol';
  orderNumber: string;
  materialName: string;
  materialNumber: string;
  quantity: number;
  values: Measurement[];
  /** Every value measured and within tolerance. */
  passed: boolean;
  /** Every measurement in the order made (the latest of each value counts above). */
  history: MeasurementRecord[];
  ncrs: ProtocolNcr[];
  lots: NamedLot[];
}

export interface ReceiptContent {
  type: 'receipt';
  orderNumber: string;
  supplier: string;
  positions: Line[];
  /** Null until the goods were checked in. */
  receivedAt: string | null;
  receivedBy: string | null;
  stationName: string | null;
}

/** A non-conformance report (docs/quality-and-lots.md): the NCR as it is when printed. */
export interface NcrReportContent {
  type: 'ncr-report';
  ncr: NcrView;
}

/** An employee's week of labour time (docs/labour-and-costs.md, Timesheet), as the work-times screen shows it. */
export interface TimesheetContent {
  type: 'timesheet';
  times: WorkTimes;
}

export type DocumentContent =
  | DeliveryBillContent
  | MaterialLabelContent
  | LotLabelContent
  | OrderTravelerContent
  | TestProtocolContent
  | ReceiptContent
  | NcrReportContent
  | TimesheetContent;

/** The facts of a `ValueMeasured` event of the order stream (the orders module's contract). */
type ValueMeasuredData = Extract<OrderEvent, { type: 'ValueMeasured' }>['data'];

/** The subject is gone (deleted since the request): no PDF, and no retry makes one. */
const subjectGone = (type: DocumentType) => permanentJobFailure(`no-pdf: the subject of the ${type} no longer exists`);

export async function senderOf(tx: Tx, companyId: string, fallback: WorkingTime): Promise<Sender> {
  const company = await findCompany(tx, companyId);
  if (!company) throw permanentJobFailure('no-pdf: the company no longer exists');
  const settings = company.basic_settings;
  const address = settings.deliveryAddress?.street || settings.deliveryAddress?.place ? settings.deliveryAddress : settings.billingAddress;
  return {
    name: settings.companyName || company.company_name,
    address,
    email: settings.email ?? '',
    phone: settings.phone ?? '',
    logoFile: company.logo_file,
    dateFormat: settings.dateFormat ?? 'DD.MM.YYYY',
    timeZone: timeZoneOf(workingTimeOfRow(company, fallback)),
  };
}

const linesOf = (positions: readonly { materialName: string; materialNumber: string; quantity: number }[]): Line[] =>
  positions.map(({ materialName, materialNumber, quantity }) => ({ materialName, materialNumber, quantity }));

async function deliveryBill(tx: Tx, shipmentId: string): Promise<DeliveryBillContent> {
  const shipment = await findShipmentRow(tx, shipmentId);
  if (!shipment) throw subjectGone('delivery-bill');
  const state = shipment.state;
  const orderIds = state.orders.map((order) => order.orderId);
  const byId = new Map((await findOrderRows(tx, orderIds)).map((row) => [row.id, row.state] as const));
  const first = byId.get(orderIds[0] ?? '');
  const lotsByOrder = new Map<string, NamedLot[]>();
  for (const orderId of orderIds) lotsByOrder.set(orderId, await lotsIn(tx, orderId));
  return {
    type: 'delivery-bill',
    shipmentNumber: state.shipmentNumber,
    customerName: state.customerName,
    deliveryAddress: first
      ? {
          name: first.details.name,
          street: first.details.street,
          houseNumber: first.details.houseNumber,
          addressSuffix: first.details.addressSuffix,
          zip: first.details.zip,
          place: first.details.place,
          country: first.details.country,
        }
      : null,
    carrier: state.details.carrier.name,
    trackingId: state.details.trackingId,
    shippingDate: state.details.shippingDate,
    orders: state.orders.map((order) => {
      const orderState = byId.get(order.orderId);
      const positions = orderState?.positions ?? [];
      const ordered = piecesOf(positions);
      // A part ships the pieces of the positions taken in their order; all that was ordered is no part.
      const shipped = order.quantity === undefined || order.quantity >= ordered ? null : order.quantity;
      return {
        orderNumber: order.orderNumber,
        packaging: orderState?.details.packaging ?? '',
        positions: linesOf(shipped === null ? positions : positionsForPieces(positions, shipped)),
        shipped,
        ordered,
        lots: lotsByOrder.get(order.orderId) ?? [],
      };
    }),
  };
}

async function materialLabel(tx: Tx, companyId: string, materialId: string, labelSize: LabelSize): Promise<MaterialLabelContent> {
  const material = await findMaterial(tx, materialId);
  if (!material) throw subjectGone('material-label');
  const company = await findCompany(tx, companyId);
  const chosen = favouritesOf(company?.basic_settings.favourites);
  const favourites: { name: string; text: string }[] = [];
  for (const name of [chosen.attribute1, chosen.attribute2]) {
    const attribute = material.attributes.find((candidate) => candidate.name === name);
    if (attribute) favourites.push({ name: attribute.name, text: attribute.options.join(', ') });
  }
  for (const name of [chosen.value1, chosen.value2]) {
    const value = material.values.find((candidate) => candidate.name === name);
    if (value) favourites.push({ name: value.name, text: `${value.number} ${value.unit}` });
  }
  return {
    type: 'material-label',
    materialNumber: material.materialNumber,
    code: material.materialNumber.trim() || material.id,
    name: material.name,
    materialType: material.type,
    stockUnit: material.stock.unit,
    labelSize,
    favourites,
  };
}

async function orderStateOf(tx: Tx, orderId: string, type: DocumentType) {
  const row = await findOrderRow(tx, orderId);
  if (!row) throw subjectGone(type);
  return row.state;
}

async function orderTraveler(tx: Tx, orderId: string): Promise<OrderTravelerContent> {
  const order = await orderStateOf(tx, orderId, 'order-traveler');
  return {
    type: 'order-traveler',
    orderNumber: order.orderNumber,
    kind: order.kind,
    name: order.details.name,
    deliveryDate: order.details.deliveryDate,
    noteForProduction: order.details.noteForProduction,
    positions: linesOf(order.positions),
  };
}

async function testProtocol(tx: Tx, eventStore: EventStore, orderId: string): Promise<TestProtocolContent> {
  const order = await orderStateOf(tx, orderId, 'test-protocol');
  const position = order.positions[0];
  const material = position ? await findMaterial(tx, position.materialId) : undefined;
  // The latest measurement of each value name counts (a later one replaces an earlier one).
  const latest = new Map<string, ValueMeasuredData>();
  const all: ValueMeasuredData[] = [];
  for (const event of await eventStore.readStream(tx, orderEvents, orderStreamId(orderId))) {
    if (event.type === 'ValueMeasured') {
      latest.set(event.data.valueName, event.data);
      all.push(event.data);
    }
  }
  const names = await userNamesByIds(
    tx,
    all.map((m) => m.measuredBy),
  );
  const stations = await stationNamesById(tx, [...new Set(all.map((m) => m.stationId))]);
  const measurementOf = (m: ValueMeasuredData | undefined) => ({
    measured: m?.measured ?? null,
    passed: m?.passed ?? null,
    measuredBy: m ? (names.get(m.measuredBy) ?? '') : null,
    measuredAt: m?.at ?? null,
    stationName: m ? (stations.get(m.stationId) ?? '') : null,
  });
  const values: Measurement[] = (material?.values ?? []).map((value) => {
    const m = latest.get(value.name);
    latest.delete(value.name);
    return {
      valueName: value.name,
      nominal: value.number,
      unit: value.unit,
      minTolerance: value.minTolerance,
      maxTolerance: value.maxTolerance,
      ...measurementOf(m),
    };
  });
  // Values measured that the material no longer has are printed as they were measured.
  for (const m of latest.values()) {
    values.push({ valueName: m.valueName, nominal: m.nominal, unit: m.unit, minTolerance: m.minTolerance, maxTolerance: m.maxTolerance, ...measurementOf(m) });
  }
  return {
    type: 'test-protocol',
    orderNumber: order.orderNumber,
    materialName: position?.materialName ?? '',
    materialNumber: position?.materialNumber ?? '',
    quantity: position?.quantity ?? 0,
    values,
    passed: values.length > 0 && values.every((value) => value.passed === true),
    history: all.map((m) => ({
      valueName: m.valueName,
      unit: m.unit,
      measured: m.measured,
      passed: m.passed,
      measuredBy: names.get(m.measuredBy) ?? '',
      measuredAt: m.at,
      stationName: stations.get(m.stationId) ?? '',
    })),
    ncrs: (await ncrsOfOrder(tx, orderId)).map((ncr) => ({
      number: ncr.number,
      status: ncr.status,
      stationName: ncr.stationName,
      valueName: ncr.measurement.valueName,
      openedAt: ncr.openedAt,
      decisions: ncr.decisions.map((d) => ({
        disposition: d.disposition,
        note: d.note,
        reworkStationName: d.reworkStationName,
        scrapReason: d.scrapReason,
        decidedBy: d.decidedByName,
        at: d.at,
      })),
    })),
    lots: await lotsIn(tx, orderId),
  };
}

async function lotLabel(tx: Tx, lotId: string): Promise<LotLabelContent> {
  const row = await findLotRow(tx, lotId);
  if (!row) throw subjectGone('lot-label');
  const lot = lotItemOf(row);
  return {
    type: 'lot-label',
    materialNumber: lot.materialNumber,
    code: lot.number,
    name: `${lot.number} · ${lot.materialName}`,
    materialType: lot.origin === 'received' ? 'purchasing_part' : 'manufacturing_part',
    stockUnit: lot.unit,
    labelSize: 'single',
    favourites: [
      ...(lot.supplierLotNumber ? [{ name: 'heat', text: lot.supplierLotNumber }] : []),
      { name: 'quantity', text: `${lot.quantity} ${lot.unit}` },
      { name: 'receivedOn', text: lot.receivedOn },
    ],
  };
}

async function ncrReport(tx: Tx, ncrId: string): Promise<NcrReportContent> {
  if (!(await findNcrRow(tx, ncrId))) throw subjectGone('ncr-report');
  return { type: 'ncr-report', ncr: await ncrViewOf(tx, ncrId) };
}

async function receipt(tx: Tx, eventStore: EventStore, orderId: string): Promise<ReceiptContent> {
  const order = await orderStateOf(tx, orderId, 'receipt');
  const checkIn = (await eventStore.readStream(tx, orderEvents, orderStreamId(orderId))).findLast((event) => isEventOf(event, 'OrderCheckedIn'));
  const data = checkIn?.data;
  const userId = checkIn?.metadata.userId;
  const names = userId ? await userNamesByIds(tx, [userId]) : new Map<string, string>();
  const stations = data ? await stationNamesById(tx, [data.stationId]) : new Map<string, string>();
  return {
    type: 'receipt',
    orderNumber: order.orderNumber,
    supplier: order.details.name,
    positions: linesOf(order.positions),
    receivedAt: data?.at ?? null,
    receivedBy: userId ? (names.get(userId) ?? null) : null,
    stationName: data ? (stations.get(data.stationId) ?? null) : null,
  };
}

/** A timesheet: the employee's week as it counts when printed (corrections up to then, the company's break rule). */
async function timesheet(tx: Tx, document: DocumentRow, at: { working: WorkingTime; now: Date }): Promise<TimesheetContent> {
  const user = await findUserById(tx, document.subject_id);
  if (!user) throw permanentJobFailure('no-pdf: the employee no longer exists');
  return { type: 'timesheet', times: await workTimesOf(tx, document.subject_id, document.week ?? undefined, at.working, at.now) };
}

/**
 * What the document prints, read in one tenant transaction when the job runs (the subject as it is then);
 * `at`: the company's working time (a timesheet's zone and breaks) and the job's now.
 */
export async function documentContentOf(
  tx: Tx,
  eventStore: EventStore,
  document: DocumentRow,
  at: { working: WorkingTime; now: Date },
): Promise<DocumentContent> {
  switch (document.type) {
    case 'timesheet':
      return timesheet(tx, document, at);
    case 'delivery-bill':
      return deliveryBill(tx, document.subject_id);
    case 'material-label':
      return materialLabel(tx, document.company_id, document.subject_id, document.label_size ?? 'single');
    case 'order-traveler':
      return orderTraveler(tx, document.subject_id);
    case 'test-protocol':
      return testProtocol(tx, eventStore, document.subject_id);
    case 'receipt':
      return receipt(tx, eventStore, document.subject_id);
    case 'ncr-report':
      return ncrReport(tx, document.subject_id);
    case 'lot-label':
      return lotLabel(tx, document.subject_id);
  }
}
