import bwipjs from 'bwip-js/node';
import type { BasicSettings } from '../../../domain/company/company.schema.js';
import { writeDay, writeInstantDateTime } from '../../../domain/company/date-format.rules.js';
import { calendarDayIn } from '../../../domain/company/working-time.rules.js';
import { LABELS_PER_SHEET, type DocumentLocale, type DocumentType } from '../../../domain/documents/documents.schema.js';
import { escapeHtml } from '../../platform/mailer.js';
import type { PdfOptions } from '../../platform/pdf.js';
import type { DocumentContent, Line, NamedLot, Sender, TestProtocolContent } from './document-content.queries.js';
import { timesheetBody } from './timesheet.templates.js';

type DateFormat = BasicSettings['dateFormat'];

/** A calendar day (`YYYY-MM-DD`) in the company's date format (`DD.MM.YYYY`, `MM/DD/YYYY`, ...). */
export function formatDocumentDay(day: string, dateFormat: DateFormat): string {
  // The one writer of the company's format (console, emails, documents).
  return writeDay(day.slice(0, 10), dateFormat);
}

/** The day an instant falls on in the company's time zone, in its date format: the document's date. */
export const formatDocumentDate = (iso: string, dateFormat: DateFormat, timeZone: string) => formatDocumentDay(calendarDayIn(iso, timeZone), dateFormat);

/**
 * An instant (a value measured, goods received) in the company's time zone, its date format and
 * the zone's name, as emails print it (`27.11.2026, 09:03 (MEZ)`).
 */
export const formatDocumentDateTime = (iso: string, dateFormat: DateFormat, locale: DocumentLocale, timeZone: string) =>
  writeInstantDateTime(iso, dateFormat, locale, timeZone);

const numberFormat = (locale: DocumentLocale) => new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 4 });

const texts = {
  en: {
    'delivery-bill': 'Delivery bill',
    'material-label': 'Material label',
    'order-traveler': 'Order traveler',
    'test-protocol': 'Test protocol',
    receipt: 'Goods receipt',
    'ncr-report': 'Non-conformance report',
    'lot-label': 'Lot label',
    lots: 'Lots',
    certificateOnFile: 'certificate on file',
    certificates: 'Certificates',
    certificateAppended: 'appended',
    certificateNotAppended: 'not appended: not a readable PDF',
    lotFacts: { heat: 'Heat', quantity: 'Quantity', receivedOn: 'Received on', serials: 'Serial numbers' } as Record<string, string>,
    timesheet: 'Timesheet',
    documentNumber: 'Document number',
    date: 'Date',
    sender: 'Sender',
    deliveryAddress: 'Delivery address',
    customer: 'Customer',
    shipment: 'Shipping order',
    carrier: 'Carrier',
    trackingId: 'Tracking ID',
    shippingDate: 'Shipping date',
    order: 'Order',
    position: 'Pos.',
    material: 'Material',
    materialNumber: 'Material number',
    quantity: 'Quantity',
    packaging: 'Packaging',
    shippedQuantity: 'Pieces in this shipment',
    shippedOf: (shipped: string, ordered: string) => `${shipped} of ${ordered} ordered (partial delivery)`,
    noPositions: 'No positions',
    type: 'Type',
    stockUnit: 'Stock unit',
    materialTypes: { product: 'Product', manufacturing_part: 'Manufacturing part', purchasing_part: 'Purchasing part' } as Record<string, string>,
    orderKinds: { customer: 'Customer order', production: 'Production order', logistics: 'Logistics order' } as Record<string, string>,
    kind: 'Kind',
    name: 'Name',
    deliveryDate: 'Delivery date',
    noteForProduction: 'Note for production',
    value: 'Value',
    nominal: 'Nominal',
    unit: 'Unit',
    min: 'Min',
    max: 'Max',
    measured: 'Measured',
    measuredBy: 'Measured by',
    measuredAt: 'Measured at',
    result: 'Result',
    pass: 'Pass',
    fail: 'Fail',
    notMeasured: 'Not measured',
    overall: 'Overall result',
    noValues: 'The material has no values to measure.',
    supplier: 'Supplier',
    receivedBy: 'Received by',
    receivedAt: 'Received at',
    station: 'Station',
    notReceived: 'Not checked in yet',
    none: '—',
    history: 'Every measurement',
    ncrs: 'Non-conformance reports',
    opened: 'Opened',
    decision: 'Decision',
    ncrStatuses: { held: 'On hold', rework: 'In rework', closed: 'Closed' } as Record<string, string>,
    dispositions: { 'use-as-is': 'Use as is', rework: 'Rework', scrap: 'Scrap', 'return-to-supplier': 'Return to supplier' } as Record<string, string>,
    reworkAt: (station: string) => `at ${station}`,
    decidedBy: 'Decided by',
    noDecision: 'No decision yet',
    pieces: 'Pieces held',
    status: 'Status',
    firstMeasurement: 'First measurement',
    remeasurement: 'Re-measurement',
    closedAt: 'Closed',
  },
  de: {
    'delivery-bill': 'Lieferschein',
    'material-label': 'Materialetikett',
    'order-traveler': 'Laufkarte',
    'test-protocol': 'Prüfprotokoll',
    receipt: 'Wareneingangsbeleg',
    'ncr-report': 'Fehlerbericht (NCR)',
    'lot-label': 'Chargenetikett',
    lots: 'Chargen',
    certificateOnFile: 'Zeugnis liegt vor',
    certificates: 'Zeugnisse',
    certificateAppended: 'angehängt',
    certificateNotAppended: 'nicht angehängt: kein lesbares PDF',
    lotFacts: { heat: 'Schmelze', quantity: 'Menge', receivedOn: 'Eingang', serials: 'Seriennummern' } as Record<string, string>,
    timesheet: 'Stundenzettel',
    documentNumber: 'Belegnummer',
    date: 'Datum',
    sender: 'Absender',
    deliveryAddress: 'Lieferadresse',
    customer: 'Kunde',
    shipment: 'Versandauftrag',
    carrier: 'Spediteur',
    trackingId: 'Sendungsnummer',
    shippingDate: 'Versanddatum',
    order: 'Auftrag',
    position: 'Pos.',
    material: 'Material',
    materialNumber: 'Materialnummer',
    quantity: 'Menge',
    packaging: 'Verpackung',
    shippedQuantity: 'Stück in dieser Sendung',
    shippedOf: (shipped: string, ordered: string) => `${shipped} von ${ordered} bestellt (Teillieferung)`,
    noPositions: 'Keine Positionen',
    type: 'Typ',
    stockUnit: 'Lagereinheit',
    materialTypes: { product: 'Produkt', manufacturing_part: 'Fertigungsteil', purchasing_part: 'Kaufteil' } as Record<string, string>,
    orderKinds: { customer: 'Kundenauftrag', production: 'Produktionsauftrag', logistics: 'Logistikauftrag' } as Record<string, string>,
    kind: 'Art',
    name: 'Name',
    deliveryDate: 'Liefertermin',
    noteForProduction: 'Hinweis für die Fertigung',
    value: 'Wert',
    nominal: 'Sollwert',
    unit: 'Einheit',
    min: 'Min',
    max: 'Max',
    measured: 'Istwert',
    measuredBy: 'Gemessen von',
    measuredAt: 'Gemessen am',
    result: 'Ergebnis',
    pass: 'Bestanden',
    fail: 'Nicht bestanden',
    notMeasured: 'Nicht gemessen',
    overall: 'Gesamtergebnis',
    noValues: 'Das Material hat keine zu messenden Werte.',
    supplier: 'Lieferant',
    receivedBy: 'Empfangen von',
    receivedAt: 'Empfangen am',
    station: 'Station',
    notReceived: 'Noch nicht eingebucht',
    none: '—',
    history: 'Alle Messungen',
    ncrs: 'Fehlerberichte (NCR)',
    opened: 'Eröffnet',
    decision: 'Entscheidung',
    ncrStatuses: { held: 'Gesperrt', rework: 'In Nacharbeit', closed: 'Abgeschlossen' } as Record<string, string>,
    dispositions: { 'use-as-is': 'Verwenden wie besehen', rework: 'Nacharbeit', scrap: 'Ausschuss', 'return-to-supplier': 'Zurück an Lieferanten' } as Record<
      string,
      string
    >,
    reworkAt: (station: string) => `an ${station}`,
    decidedBy: 'Entschieden von',
    noDecision: 'Noch keine Entscheidung',
    pieces: 'Gesperrte Teile',
    status: 'Status',
    firstMeasurement: 'Erstmessung',
    remeasurement: 'Nachmessung',
    closedAt: 'Abgeschlossen',
  },
} satisfies Record<DocumentLocale, Record<string, unknown>>;

type Texts = (typeof texts)['en'];

/** The document's title in a language (also the list's and the file's name). */
export const documentTitle = (type: DocumentType, locale: DocumentLocale) => texts[locale][type];

const e = escapeHtml;

/** A Code 128 barcode as inline SVG (documents load nothing from outside). */
export const code128Svg = (text: string) => bwipjs.toSVG({ bcid: 'code128', text, scale: 2, height: 12, includetext: true, textxalign: 'center' });
const qrSvg = (text: string) => bwipjs.toSVG({ bcid: 'qrcode', text, scale: 2 });

const styles = `
  @page { margin: 14mm 14mm 16mm 14mm; }
  * { box-sizing: border-box; }
  body { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 10pt; color: #111; margin: 0; }
  header { display: flex; justify-content: space-between; align-items: flex-start; border-bottom: 1px solid #888; padding-bottom: 6mm; margin-bottom: 6mm; }
  header img { max-height: 18mm; max-width: 60mm; }
  h1 { font-size: 16pt; margin: 0 0 4mm; }
  h2 { font-size: 11pt; margin: 6mm 0 2mm; }
  .facts { display: grid; grid-template-columns: max-content 1fr; gap: 1mm 6mm; margin: 0 0 4mm; }
  .facts dt { font-weight: bold; }
  .facts dd { margin: 0; }
  .columns { display: flex; gap: 12mm; }
  table { width: 100%; border-collapse: collapse; margin-bottom: 4mm; }
  th, td { text-align: left; border-bottom: 1px solid #ccc; padding: 1.5mm 2mm; vertical-align: top; }
  td.number, th.number { text-align: right; }
  .pass { color: #0a6b2d; font-weight: bold; }
  .fail { color: #a30d0d; font-weight: bold; }
  .barcode svg { height: 18mm; }
  address { font-style: normal; }
`;

const addressLines = (lines: (string | undefined)[]) =>
  lines
    .filter((line): line is string => Boolean(line?.trim()))
    .map((line) => e(line))
    .join('<br>');

function senderBlock(sender: Sender) {
  const a = sender.address;
  return addressLines([sender.name, a.addressSuffix, `${a.street} ${a.houseNumber}`, `${a.zip} ${a.place}`, a.country, sender.phone, sender.email]);
}

interface Page {
  t: Texts;
  sender: Sender;
  logo: string | null;
  documentNumber: string;
  date: string;
  locale: DocumentLocale;
}

const facts = (entries: [string, string][]) => `<dl class="facts">${entries.map(([term, value]) => `<dt>${e(term)}</dt><dd>${e(value)}</dd>`).join('')}</dl>`;

function layout(page: Page, title: string, body: string, extraStyles = '') {
  return (
    `<!doctype html><html lang="${page.locale}"><head><meta charset="utf-8"><title>${e(title)} ${e(page.documentNumber)}</title>` +
    `<style>${styles}${extraStyles}</style></head><body>` +
    `<header><div><h1>${e(title)}</h1>${facts([
      [page.t.documentNumber, page.documentNumber],
      [page.t.date, page.date],
    ])}</div><div><address>${senderBlock(page.sender)}</address>${page.logo ? `<img alt="" src="${page.logo}">` : ''}</div></header>` +
    body +
    `</body></html>`
  );
}

function linesTable(t: Texts, lines: Line[], format: Intl.NumberFormat) {
  if (lines.length === 0) return `<p>${e(t.noPositions)}</p>`;
  const rows = lines
    .map(
      (line, index) =>
        `<tr><td>${index + 1}</td><td>${e(line.materialNumber)}</td><td>${e(line.materialName)}</td><td class="number">${e(format.format(line.quantity))}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>${e(t.position)}</th><th>${e(t.materialNumber)}</th><th>${e(t.material)}</th><th class="number">${e(t.quantity)}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The lots of an order in one line: number, material, heat number, whether the certificate is on file, the pieces' serial numbers. */
const namedLots = (t: Texts, lots: readonly NamedLot[]) =>
  lots
    .map((lot) =>
      [
        lot.number,
        lot.materialName,
        lot.supplierLotNumber ? `${t.lotFacts.heat} ${lot.supplierLotNumber}` : '',
        lot.hasCertificate ? t.certificateOnFile : '',
        lot.serials.length ? `${t.lotFacts.serials} ${lot.serials.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join(' · '),
    )
    .join('; ');

/** One label: barcode, QR code, number, name, type, stock unit; 100 x 50 mm. */
function label(t: Texts, content: Extract<DocumentContent, { type: 'material-label' | 'lot-label' }>) {
  const factName = (name: string) => (content.type === 'lot-label' ? (t.lotFacts[name] ?? name) : name);
  return (
    `<div class="label"><div class="label-text"><div class="label-name">${e(content.name)}</div>` +
    `<div>${e(t.materialNumber)}: <b>${e(content.materialNumber || t.none)}</b></div>` +
    `<div>${e(t.type)}: ${e(t.materialTypes[content.materialType] ?? content.materialType)}</div>` +
    `<div>${e(t.stockUnit)}: ${e(content.stockUnit)}</div>` +
    content.favourites.map((favourite) => `<div>${e(factName(favourite.name))}: ${e(favourite.text)}</div>`).join('') +
    `<div class="label-barcode">${code128Svg(content.code)}</div></div>` +
    `<div class="label-qr">${qrSvg(content.code)}</div></div>`
  );
}

const labelStyles = `
  .label { width: 100mm; height: 50mm; padding: 3mm; display: flex; gap: 2mm; overflow: hidden; font-size: 8.5pt; }
  .label-text { flex: 1; min-width: 0; }
  .label-name { font-size: 11pt; font-weight: bold; margin-bottom: 1mm; }
  .label-barcode svg { height: 16mm; max-width: 68mm; margin-top: 1.5mm; }
  .label-qr svg { width: 22mm; height: 22mm; }
  .sheet { display: grid; grid-template-columns: 100mm 100mm; grid-auto-rows: 50mm; gap: 4mm 0; justify-content: center; }
  .sheet .label { border: 0.2mm dashed #bbb; }
`;

export interface RenderedDocument {
  html: string;
  pdf: PdfOptions;
}

/** The delivery bill's page: the address and the shipment's facts, each order's lines and lots, the certificates on request. */
function deliveryBillBody(
  t: Texts,
  content: Extract<DocumentContent, { type: 'delivery-bill' }>,
  format: Intl.NumberFormat,
  day: (value: string | null) => string,
): string {
  const a = content.deliveryAddress;
  const address = a ? addressLines([a.name, a.addressSuffix, `${a.street} ${a.houseNumber}`, `${a.zip} ${a.place}`, a.country]) : e(content.customerName);
  const body =
    `<div class="columns"><div><h2>${e(t.deliveryAddress)}</h2><address>${address}</address></div><div><h2>${e(t.shipment)}</h2>` +
    facts([
      [t.shipment, content.shipmentNumber],
      [t.customer, content.customerName],
      [t.carrier, content.carrier],
      [t.trackingId, content.trackingId],
      [t.shippingDate, day(content.shippingDate)],
    ]) +
    `</div></div>` +
    content.orders
      .map(
        (order) =>
          `<h2>${e(t.order)} ${e(order.orderNumber)}</h2>${linesTable(t, order.positions, format)}` +
          facts([
            ...(order.shipped === null
              ? []
              : [[t.shippedQuantity, t.shippedOf(format.format(order.shipped), format.format(order.ordered))] as [string, string]]),
            ...(order.packaging ? [[t.packaging, order.packaging] as [string, string]] : []),
            ...(order.lots.length ? [[t.lots, namedLots(t, order.lots)] as [string, string]] : []),
          ]),
      )
      .join('') +
    // With certificates on request: each lot's certificate named, appended after this page unless it is no readable PDF.
    (content.certificates
      ? `<h2>${e(t.certificates)}</h2>` +
        facts(
          content.certificates.map(
            (certificate) =>
              [certificate.lotNumber, `${certificate.fileName} · ${certificate.appended ? t.certificateAppended : t.certificateNotAppended}`] as [
                string,
                string,
              ],
          ),
        )
      : '');
  return body;
}

/** The page of a document and how to print it (A4, or one 100 x 50 mm label). */
export function documentHtml(
  content: DocumentContent,
  input: { sender: Sender; logo: string | null; documentNumber: string; requestedAt: string; locale: DocumentLocale },
): RenderedDocument {
  const t = texts[input.locale];
  const format = numberFormat(input.locale);
  const page: Page = {
    t,
    sender: input.sender,
    logo: input.logo,
    documentNumber: input.documentNumber,
    date: formatDocumentDate(input.requestedAt, input.sender.dateFormat, input.sender.timeZone),
    locale: input.locale,
  };
  const day = (value: string | null) => (value ? formatDocumentDay(value, input.sender.dateFormat) : t.none);
  const moment = (value: string | null) => (value ? formatDocumentDateTime(value, input.sender.dateFormat, input.locale, input.sender.timeZone) : t.none);
  const verdict = (passed: boolean | null) =>
    passed === null ? e(t.notMeasured) : passed ? `<span class="pass">${e(t.pass)}</span>` : `<span class="fail">${e(t.fail)}</span>`;
  switch (content.type) {
    case 'delivery-bill':
      return { html: layout(page, t['delivery-bill'], deliveryBillBody(t, content, format, day)), pdf: { format: 'A4' } };
    case 'material-label':
    case 'lot-label': {
      const title = content.type === 'lot-label' ? `${t['lot-label']} ${content.code}` : `${t['material-label']} ${content.materialNumber || content.name}`;
      const one = label(t, content);
      const body = content.labelSize === 'single' ? one : `<div class="sheet">${one.repeat(LABELS_PER_SHEET)}</div>`;
      const html =
        `<!doctype html><html lang="${input.locale}"><head><meta charset="utf-8"><title>${e(title)}</title>` +
        `<style>${styles}${labelStyles}@page { margin: ${content.labelSize === 'single' ? '0' : '10mm 5mm'}; }</style></head><body>${body}</body></html>`;
      // Labels go to a label printer, never to a screen reader: no tagging, which halves the print time.
      return { html, pdf: content.labelSize === 'single' ? { width: '100mm', height: '50mm', tagged: false } : { format: 'A4', tagged: false } };
    }
    case 'order-traveler': {
      const body =
        `<div class="barcode">${code128Svg(content.orderNumber)}</div>` +
        facts([
          [t.order, content.orderNumber],
          [t.kind, t.orderKinds[content.kind] ?? content.kind],
          [t.name, content.name],
          [t.deliveryDate, day(content.deliveryDate)],
        ]) +
        (content.noteForProduction ? `<h2>${e(t.noteForProduction)}</h2><p>${e(content.noteForProduction)}</p>` : '') +
        linesTable(t, content.positions, format);
      return { html: layout(page, t['order-traveler'], body), pdf: { format: 'A4' } };
    }
    case 'test-protocol': {
      const rows = content.values
        .map(
          (value) =>
            `<tr><td>${e(value.valueName)}</td><td class="number">${e(format.format(value.nominal))}</td><td>${e(value.unit)}</td>` +
            `<td class="number">${e(format.format(value.minTolerance))}</td><td class="number">${e(format.format(value.maxTolerance))}</td>` +
            `<td class="number">${value.measured === null ? e(t.none) : e(format.format(value.measured))}</td>` +
            `<td>${e(value.measuredBy ?? t.none)}${value.stationName ? ` (${e(value.stationName)})` : ''}</td><td>${e(moment(value.measuredAt))}</td><td>${verdict(value.passed)}</td></tr>`,
        )
        .join('');
      const table =
        content.values.length === 0
          ? `<p>${e(t.noValues)}</p>`
          : `<table><thead><tr><th>${e(t.value)}</th><th class="number">${e(t.nominal)}</th><th>${e(t.unit)}</th><th class="number">${e(t.min)}</th><th class="number">${e(t.max)}</th>` +
            `<th class="number">${e(t.measured)}</th><th>${e(t.measuredBy)}</th><th>${e(t.measuredAt)}</th><th>${e(t.result)}</th></tr></thead><tbody>${rows}</tbody></table>`;
      const body =
        facts([
          [t.order, content.orderNumber],
          [t.material, `${content.materialNumber} ${content.materialName}`],
          [t.quantity, format.format(content.quantity)],
          ...(content.lots.length ? [[t.lots, namedLots(t, content.lots)] as [string, string]] : []),
        ]) +
        table +
        `<h2>${e(t.overall)}: ${content.passed ? `<span class="pass">${e(t.pass)}</span>` : `<span class="fail">${e(t.fail)}</span>`}</h2>` +
        qualityLoop(t, content, format, moment, verdict);
      return { html: layout(page, t['test-protocol'], body, 'body { font-size: 9pt; }'), pdf: { format: 'A4', landscape: true } };
    }
    case 'ncr-report':
      return {
        html: layout(page, `${t['ncr-report']} ${content.ncr.number}`, ncrReportBody(t, content, format, moment, verdict), 'body { font-size: 9pt; }'),
        pdf: { format: 'A4' },
      };
    case 'timesheet': {
      const sheet = timesheetBody(content, input.locale, input.sender);
      return { html: layout(page, t.timesheet, facts(sheet.facts) + sheet.html, 'body { font-size: 9pt; }'), pdf: { format: 'A4' } };
    }
    case 'receipt': {
      const body =
        facts([
          [t.order, content.orderNumber],
          [t.supplier, content.supplier],
          [t.receivedBy, content.receivedBy ?? (content.receivedAt ? t.none : t.notReceived)],
          [t.receivedAt, content.receivedAt ? moment(content.receivedAt) : t.notReceived],
          [t.station, content.stationName ?? t.none],
        ]) + linesTable(t, content.positions, format);
      return { html: layout(page, t.receipt, body), pdf: { format: 'A4' } };
    }
  }
}

/**
 * The test protocol's quality loop (docs/quality-and-lots.md): every measurement in the order made (the
 * first one outside tolerance, the re-measurement after rework) and the order's NCRs with their decisions.
 */
function qualityLoop(
  t: Texts,
  content: TestProtocolContent,
  format: Intl.NumberFormat,
  moment: (iso: string | null) => string,
  verdict: (passed: boolean | null) => string,
): string {
  if (content.history.length < 2 && content.ncrs.length === 0) return '';
  const rows = content.history
    .map(
      (m) =>
        `<tr><td>${e(m.valueName)}</td><td class="number">${e(format.format(m.measured))} ${e(m.unit)}</td>` +
        `<td>${e(m.measuredBy || t.none)} (${e(m.stationName)})</td><td>${e(moment(m.measuredAt))}</td><td>${verdict(m.passed)}</td></tr>`,
    )
    .join('');
  const history =
    `<h2>${e(t.history)}</h2><table><thead><tr><th>${e(t.value)}</th><th class="number">${e(t.measured)}</th><th>${e(t.measuredBy)}</th>` +
    `<th>${e(t.measuredAt)}</th><th>${e(t.result)}</th></tr></thead><tbody>${rows}</tbody></table>`;
  const decisionText = (d: TestProtocolContent['ncrs'][number]['decisions'][number]) =>
    [
      t.dispositions[d.disposition] ?? d.disposition,
      d.reworkStationName ? t.reworkAt(d.reworkStationName) : '',
      d.scrapReason ?? '',
      d.note ? `„${d.note}“` : '',
    ]
      .filter(Boolean)
      .join(' · ') + ` (${t.decidedBy} ${d.decidedBy || t.none}, ${moment(d.at)})`;
  const ncrRows = content.ncrs
    .map(
      (ncr) =>
        `<tr><td>${e(ncr.number)}</td><td>${e(t.ncrStatuses[ncr.status] ?? ncr.status)}</td><td>${e(ncr.valueName)} (${e(ncr.stationName)})</td>` +
        `<td>${e(moment(ncr.openedAt))}</td><td>${ncr.decisions.length ? ncr.decisions.map((d) => e(decisionText(d))).join('<br>') : e(t.noDecision)}</td></tr>`,
    )
    .join('');
  const ncrs = content.ncrs.length
    ? `<h2>${e(t.ncrs)}</h2><table><thead><tr><th>NCR</th><th>${e(t.result)}</th><th>${e(t.value)}</th><th>${e(t.opened)}</th><th>${e(t.decision)}</th></tr></thead><tbody>${ncrRows}</tbody></table>`
    : '';
  return history + ncrs;
}

/** The NCR report: what deviated, where, by whom, on which order and material; every measurement and decision. */
function ncrReportBody(
  t: Texts,
  { ncr }: Extract<DocumentContent, { type: 'ncr-report' }>,
  format: Intl.NumberFormat,
  moment: (iso: string | null) => string,
  verdict: (passed: boolean | null) => string,
): string {
  const measurements = [{ kind: t.firstMeasurement, m: ncr.measurement }, ...ncr.remeasurements.map((m) => ({ kind: t.remeasurement, m }))];
  const rows = measurements
    .map(
      ({ kind, m }) =>
        `<tr><td>${e(kind)}</td><td>${e(m.valueName)}</td><td class="number">${e(format.format(m.nominal))} ${e(m.unit)}</td>` +
        `<td class="number">${e(format.format(m.minTolerance))}</td><td class="number">${e(format.format(m.maxTolerance))}</td>` +
        `<td class="number">${e(format.format(m.measured))}</td><td>${e(m.measuredByName || t.none)} (${e(m.stationName)})</td><td>${e(moment(m.at))}</td><td>${verdict(m.passed)}</td></tr>`,
    )
    .join('');
  const decisions = ncr.decisions.length
    ? `<ol>${ncr.decisions
        .map(
          (d) =>
            `<li>${e([t.dispositions[d.disposition] ?? d.disposition, d.reworkStationName ? t.reworkAt(d.reworkStationName) : '', d.scrapReason ?? '', d.note ? `„${d.note}“` : ''].filter(Boolean).join(' · '))}` +
            ` (${e(t.decidedBy)} ${e(d.decidedByName || t.none)}, ${e(moment(d.at))})</li>`,
        )
        .join('')}</ol>`
    : `<p>${e(t.noDecision)}</p>`;
  return (
    facts([
      ['NCR', ncr.number],
      [t.status, t.ncrStatuses[ncr.status] ?? ncr.status],
      [t.order, ncr.orderNumber],
      [t.material, `${ncr.materialNumber} ${ncr.materialName} (${t.materialTypes[ncr.materialType] ?? ncr.materialType})`],
      [t.station, ncr.stationName],
      [t.pieces, format.format(ncr.pieces)],
      [t.opened, moment(ncr.openedAt)],
      [t.closedAt, moment(ncr.closedAt)],
    ]) +
    `<table><thead><tr><th></th><th>${e(t.value)}</th><th class="number">${e(t.nominal)}</th><th class="number">${e(t.min)}</th><th class="number">${e(t.max)}</th>` +
    `<th class="number">${e(t.measured)}</th><th>${e(t.measuredBy)}</th><th>${e(t.measuredAt)}</th><th>${e(t.result)}</th></tr></thead><tbody>${rows}</tbody></table>` +
    `<h2>${e(t.decision)}</h2>${decisions}`
  );
}
