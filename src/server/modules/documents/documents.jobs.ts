import { createHash } from 'node:crypto';
import { z } from 'zod';
import { documentEvents } from '../../../domain/documents/documents.events.js';
import { orderEvents } from '../../../domain/orders/order.events.js';
import { documentLocales, type DocumentLocale, type DocumentType } from '../../../domain/documents/documents.schema.js';
import { documentTypes as stationDocumentTypes } from '../../../domain/stations/station.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { runInTenant, type CommandDeps, type CommandScope } from '../../platform/command.js';
import { withTenant, type Tx } from '../../platform/db.js';
import { defineDispatchRoute, type DispatchRoute } from '../../platform/dispatcher.js';
import { defineJob, permanentJobFailure, type JobContext } from '../../platform/jobs.js';
import { definePdfDocument, renderPdfJob, type RenderPdfData } from '../../platform/render-pdf.jobs.js';
import { companyStorageOf, findCompany, storageQuotaExceeded, workingTimeOfCompany } from '../company/index.js';
import { findOrderRow } from '../orders/index.js';
import { findStationRow } from '../stations/index.js';
import { certificatesIn, readCertificate } from '../lots/index.js';
import { PDFDocument } from 'pdf-lib';
import { documentContentOf, senderOf } from './document-content.queries.js';
import { logoDataUrl, writeDocumentFile } from './documents.files.js';
import { recordFailure, recordGenerated, refuseDocument, requestDocument, type DocumentRequest } from './documents.handlers.js';
import { findDocumentRow } from './documents.queries.js';
import { documentHtml } from './documents.templates.js';

const documentParams = z.object({ companyId: z.uuid(), documentId: z.uuid() });
type DocumentParams = z.infer<typeof documentParams>;

/** Jobs write as the system: no actor, the job's id as the correlation. */
const systemScope = (companyId: string, ctx: JobContext): CommandScope => ({ companyId, actor: null, metadata: { correlationId: ctx.jobId } });
const depsOf = (ctx: JobContext): CommandDeps => ({ db: ctx.db, eventStore: ctx.eventStore, clock: ctx.clock });

/** PDF pages: Chromium writes one `/Type /Page` object per page. */
const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;

/** A certificate of a delivery bill "with certificates": named on the bill, appended when its bytes are a readable PDF with pages. */
interface CertificateToAppend {
  lotNumber: string;
  fileName: string;
  pdf: PDFDocument | null;
}

async function readablePdf(bytes: Buffer | undefined): Promise<PDFDocument | null> {
  if (!bytes) return null;
  try {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    return pdf.getPageCount() > 0 ? pdf : null;
  } catch {
    return null;
  }
}

/** The certificates of the lots in the shipment's orders, when the delivery bill was asked for with them (else none). */
async function certificatesToAppend(ctx: JobContext, params: DocumentParams): Promise<CertificateToAppend[] | null> {
  const refs = await withTenant(ctx.db, params.companyId, async (tx) => {
    const row = await findDocumentRow(tx, params.documentId);
    return row?.type === 'delivery-bill' && row.with_certificates ? certificatesIn(tx, { shipmentId: row.subject_id }) : null;
  });
  if (!refs) return null;
  return Promise.all(
    refs.map(async (ref) => ({
      lotNumber: ref.lotNumber,
      fileName: ref.fileName,
      pdf: await readablePdf(await readCertificate(ctx.config.dataDir, params.companyId, ref.lotId, ref.certificateId)),
    })),
  );
}

/** The printed bill with the readable certificates' pages after it (pdf-lib; docs/decisions.md). */
async function withCertificatesAppended(pdf: Buffer, certificates: readonly CertificateToAppend[]): Promise<Buffer> {
  const readable = certificates.flatMap((certificate) => (certificate.pdf ? [certificate.pdf] : []));
  if (readable.length === 0) return pdf;
  const merged = await PDFDocument.load(pdf, { updateMetadata: false });
  for (const certificate of readable) {
    const pages = await merged.copyPages(certificate, certificate.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return Buffer.from(await merged.save({ useObjectStreams: false }));
}

/**
 * Every document type prints through this one kind of the `render-pdf` job: the page is built from
 * the subject as it is when the job runs, printed by the reused Chromium, stored under the company
 * and told with `DocumentGenerated`. The last failed attempt tells `DocumentFailed`.
 */
export const documentPdf = definePdfDocument<DocumentParams>({
  name: 'document',
  params: documentParams,
  async html(params, locale, ctx) {
    const read = await withTenant(ctx.db, params.companyId, async (tx) => {
      const row = await findDocumentRow(tx, params.documentId);
      if (!row) throw permanentJobFailure('no-pdf: the document no longer exists');
      const working = await workingTimeOfCompany(tx, params.companyId, ctx.config.workingTime);
      const content = await documentContentOf(tx, ctx.eventStore, row, { working, now: ctx.clock.now() });
      return { row, sender: await senderOf(tx, params.companyId, ctx.config.workingTime), content };
    });
    const certificates = read.content.type === 'delivery-bill' ? await certificatesToAppend(ctx, params) : null;
    if (certificates && read.content.type === 'delivery-bill') {
      read.content.certificates = certificates.map(({ lotNumber, fileName, pdf }) => ({ lotNumber, fileName, appended: pdf !== null }));
    }
    const logo = await logoDataUrl(ctx.config.dataDir, params.companyId, read.sender.logoFile);
    const page = documentHtml(read.content, {
      sender: read.sender,
      logo,
      documentNumber: read.row.document_number,
      requestedAt: read.row.requested_at.toISOString(),
      locale: documentLocales.includes(locale) ? locale : read.row.locale,
    });
    return { html: page.html, options: page.pdf };
  },
  async deliver(printed, params, ctx) {
    const certificates = await certificatesToAppend(ctx, params);
    const pdf = certificates ? await withCertificatesAppended(printed, certificates) : printed;
    const path = await writeDocumentFile(ctx.config.dataDir, params.companyId, params.documentId, pdf);
    await runInTenant(depsOf(ctx), systemScope(params.companyId, ctx), (command) =>
      recordGenerated(command, params.documentId, { path, size: pdf.length, pages: pageCount(pdf) }),
    );
  },
  async failed(error, params, ctx) {
    const message = error instanceof Error ? error.message : String(error);
    const failure = message.startsWith('no-pdf') ? 'no-pdf' : 'error';
    ctx.log.warn({ documentId: params.documentId, failure, err: error }, 'document not generated');
    await runInTenant(depsOf(ctx), systemScope(params.companyId, ctx), (command) => recordFailure(command, params.documentId, failure, message));
  },
});

const workCompletedSchema = z.object({
  companyId: z.uuid(),
  orderId: z.uuid(),
  stationId: z.uuid(),
  /** Who completed the work (the event's actor), recorded as the documents' requester. */
  userId: z.uuid().nullable(),
});
type WorkCompletedJob = z.infer<typeof workCompletedSchema>;

/** A document id of its own for each action of one job, the same on every run, so a retried job requests nothing twice. */
function actionDocumentId(jobId: string, index: number, element: string): string {
  const hex = createHash('sha256').update(`${jobId}:${index}:${element}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The documents printed for an order (a timesheet is a person's); a station's action prints some of them. */
type OrderDocumentType = Exclude<DocumentType, 'timesheet'>;
const isStationDocument = (element: string): element is OrderDocumentType => (stationDocumentTypes as readonly string[]).includes(element);

type Planned = { request: Omit<DocumentRequest, 'locale' | 'trigger'> } | { refused: string };

/** What the action's document is printed for, given the completed order; or why it does not apply. */
async function planFor(tx: Tx, type: OrderDocumentType, orderId: string): Promise<Planned> {
  const row = await findOrderRow(tx, orderId);
  if (!row) return { refused: 'the order no longer exists' };
  const order = row.state;
  switch (type) {
    case 'test-protocol':
      return order.kind === 'production'
        ? { request: { type, subjectId: orderId } }
        : { refused: `a test protocol needs a production order, not a ${order.kind} order` };
    case 'receipt':
      return order.kind === 'logistics'
        ? { request: { type, subjectId: orderId } }
        : { refused: `a receipt needs a logistics order, not a ${order.kind} order` };
    case 'material-label': {
      const materialId = order.kind === 'production' ? order.positions[0]?.materialId : undefined;
      return materialId
        ? { request: { type, subjectId: materialId, orderId, labelSize: 'single' } }
        : { refused: 'a material label needs a production order of one material' };
    }
    case 'delivery-bill': {
      let shipmentId = order.shipmentId;
      if (!shipmentId && order.parentOrderId) {
        const parent = await findOrderRow(tx, order.parentOrderId);
        shipmentId = parent?.state.shipmentId ?? null;
      }
      return shipmentId ? { request: { type, subjectId: shipmentId, orderId } } : { refused: 'the order is in no shipment' };
    }
    case 'order-traveler':
      return { request: { type, subjectId: orderId } };
    case 'lot-label':
      return { refused: 'a lot label is printed for a lot, not for an order' };
    case 'ncr-report':
      // Not a station action (the stations' document list has none): printed for an NCR, never for an order.
      return { refused: 'an NCR report is printed for a non-conformance report, not for an order' };
  }
}

/**
 * Runs a station's "generate a document" actions after work on an order was completed there: each
 * action requests its document for the order (a test protocol of the order, a label of its
 * material, the delivery bill of its shipment, a receipt of a logistics order), or records it
 * refused when it does not apply. The station's actions are read when the job runs.
 */
export const runDocumentActionsJob = defineJob<WorkCompletedJob>({
  queue: 'pdf',
  name: 'run-document-actions',
  schema: workCompletedSchema,
  async handle(data, ctx) {
    const { actions, locale, storageFull } = await withTenant(ctx.db, data.companyId, async (tx) => {
      const station = await findStationRow(tx, data.stationId);
      // A document a station prints by itself is in the language the company chose for its documents.
      const company = await findCompany(tx, data.companyId);
      const documentActions = (station?.actions ?? []).some((action) => action.action === 'generate-document');
      // A document counts in the plan's storage, as an upload does: none is made once no room is left (POST /api/documents answers 413).
      const storageFull =
        documentActions &&
        (await companyStorageOf(tx, { dataDir: ctx.config.dataDir, recordedFolders: ctx.listPorts.recordedFolders }, data.companyId)).roomBytes === 0;
      const locale: DocumentLocale = company?.basic_settings.documentLanguage ?? 'en';
      return { actions: station?.actions ?? [], locale, storageFull };
    });
    const trigger = { kind: 'station' as const, stationId: data.stationId, orderId: data.orderId, userId: data.userId };
    for (const [index, action] of actions.entries()) {
      if (action.action !== 'generate-document') continue;
      const type = action.element;
      if (!isStationDocument(type)) continue;
      const documentId = actionDocumentId(ctx.jobId, index, type);
      try {
        await runInTenant(depsOf(ctx), systemScope(data.companyId, ctx), async (command) => {
          if (storageFull) {
            const { code, message } = storageQuotaExceeded();
            await refuseDocument(command, { type, orderId: data.orderId, locale, trigger, reason: `${code}: ${message}` }, documentId);
            return;
          }
          const plan = await planFor(command.tx, type, data.orderId);
          if ('refused' in plan) await refuseDocument(command, { type, orderId: data.orderId, locale, trigger, reason: plan.refused }, documentId);
          else await requestDocument(command, { ...plan.request, locale, trigger }, documentId);
        });
        ctx.log.info({ documentId, type, orderId: data.orderId }, 'station action: document requested');
      } catch (error) {
        // An earlier run of this job recorded it already.
        if (error instanceof DomainError && error.code === 'CONFLICT_ERROR') continue;
        if (error instanceof DomainError && error.code === 'NOT_FOUND') {
          await runInTenant(depsOf(ctx), systemScope(data.companyId, ctx), (command) =>
            refuseDocument(command, { type, orderId: data.orderId, locale, trigger, reason: 'the subject no longer exists' }, documentId),
          ).catch((again: unknown) => {
            if (!(again instanceof DomainError && again.code === 'CONFLICT_ERROR')) throw again;
          });
          continue;
        }
        throw error;
      }
    }
  },
});

export const documentsDispatchRoutes: DispatchRoute[] = [
  /** A requested document is printed by the `pdf` queue's `render-pdf` job. */
  defineDispatchRoute({
    events: documentEvents,
    eventType: 'DocumentRequested',
    queue: renderPdfJob.queue,
    name: renderPdfJob.name,
    toJob(event) {
      if (!event.companyId) return undefined;
      const { data } = event;
      return { document: documentPdf.name, locale: data.locale, params: { companyId: event.companyId, documentId: data.documentId } } satisfies RenderPdfData;
    },
  }),
  /** Every completion of work at a station may run the station's "generate a document" actions. */
  defineDispatchRoute({
    events: orderEvents,
    eventType: 'WorkCompleted',
    queue: runDocumentActionsJob.queue,
    name: runDocumentActionsJob.name,
    toJob(event) {
      if (!event.companyId) return undefined;
      const { data } = event;
      return { companyId: event.companyId, orderId: data.orderId, stationId: data.stationId, userId: event.metadata.userId ?? null } satisfies WorkCompletedJob;
    },
  }),
];
