import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { calendarDayIn } from '../../../domain/company/working-time.rules.js';
import { documentDecider } from '../../../domain/documents/documents.decider.js';
import { DOCUMENT_STREAM_TYPE, documentStreamId, type DocumentFailure, type DocumentTrigger } from '../../../domain/documents/documents.events.js';
import {
  documentNumberOf,
  mondayOf,
  subjectTypeOf,
  type DocumentLocale,
  type DocumentType,
  type LabelSize,
} from '../../../domain/documents/documents.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { handleCommand, type CommandContext } from '../../platform/command.js';
import type { Tx } from '../../platform/db.js';
import { findUserById } from '../identity/index.js';
import { findMaterial } from '../materials/index.js';
import { findOrderRow } from '../orders/index.js';
import { findNcrRow } from '../quality/index.js';
import { findLotRow } from '../lots/index.js';
import { findShipmentRow } from '../shipments/index.js';
import './documents.tables.js';

export interface DocumentRequest {
  type: DocumentType;
  subjectId: string;
  labelSize?: LabelSize | null;
  /** A timesheet's week: any day of it (its Monday is recorded). */
  week?: string | null;
  /** A delivery bill with the lots' certificates appended. */
  withCertificates?: boolean;
  /** The order a station action prints a material label for. */
  orderId?: string | null;
  locale: DocumentLocale;
  trigger: DocumentTrigger;
}

/** A person of the company (not the product operator): whose timesheet may be printed. */
const isEmployeeOfCompany = async (tx: Tx, userId: string) => {
  const user = await findUserById(tx, userId);
  return user !== undefined && user.role !== 'MASTER';
};

const notApplicable = () => new DomainError('VALIDATION_ERROR', [{ path: 'type', message: 'documents.validation.notApplicable' }]);

/** What an order document needs of the order's kind: a test protocol a production order, a receipt a logistics order. */
const kindFor: Partial<Record<DocumentType, string>> = { 'test-protocol': 'production', receipt: 'logistics' };

/**
 * Refuses a subject the company does not have (404, as for another company's) and a document that
 * does not fit it (400 on `type`): a test protocol of a customer order, a receipt of a production order.
 */
export async function checkSubject(tx: Tx, type: DocumentType, subjectId: string): Promise<void> {
  switch (subjectTypeOf[type]) {
    case 'shipment': {
      const found = await findShipmentRow(tx, subjectId);
      if (!found) throw new DomainError('NOT_FOUND');
      return;
    }
    case 'material': {
      const found = await findMaterial(tx, subjectId);
      if (!found) throw new DomainError('NOT_FOUND');
      return;
    }
    case 'employee': {
      if (!(await isEmployeeOfCompany(tx, subjectId))) throw new DomainError('NOT_FOUND');
      return;
    }
    case 'order': {
      const found = await findOrderRow(tx, subjectId);
      if (!found) throw new DomainError('NOT_FOUND');
      const kind = kindFor[type];
      if (kind && found.kind !== kind) throw notApplicable();
      return;
    }
    case 'ncr': {
      if (!(await findNcrRow(tx, subjectId))) throw new DomainError('NOT_FOUND');
      return;
    }
    case 'lot': {
      if (!(await findLotRow(tx, subjectId))) throw new DomainError('NOT_FOUND');
      return;
    }
  }
}

/** Hands out the company's next document number; the counter row stays locked until the transaction ends. */
async function takeDocumentNumber(ctx: CommandContext): Promise<number> {
  const { last_number } = await ctx.tx
    .insertInto('document_counters')
    .values({ company_id: ctx.companyId, last_number: 1 })
    .onConflict((conflict) => conflict.column('company_id').doUpdateSet({ last_number: sql`document_counters.last_number + 1` }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return last_number;
}

/** The facts of a request, with the company's next document number. */
async function requestedData(ctx: CommandContext, documentId: string, request: DocumentRequest) {
  const number = await takeDocumentNumber(ctx);
  return {
    documentId,
    number,
    documentNumber: documentNumberOf(number),
    documentType: request.type,
    subjectType: subjectTypeOf[request.type],
    subjectId: request.subjectId,
    orderId: request.orderId ?? null,
    labelSize: request.type === 'material-label' ? (request.labelSize ?? 'single') : null,
    ...(request.type === 'timesheet' ? { week: mondayOf(request.week ?? calendarDayIn(ctx.at, 'UTC')) } : {}),
    ...(request.type === 'delivery-bill' && request.withCertificates ? { withCertificates: true } : {}),
    locale: request.locale,
    trigger: request.trigger,
    at: ctx.at,
  };
}

const streamOf = (documentId: string) => ({ id: documentStreamId(documentId), type: DOCUMENT_STREAM_TYPE });

/** Records the request (`DocumentRequested`); the dispatcher turns it into a `pdf` job. Returns the document's id. */
export async function requestDocument(ctx: CommandContext, request: DocumentRequest, documentId: string = randomUUID()): Promise<string> {
  await checkSubject(ctx.tx, request.type, request.subjectId);
  // The number is taken once the stream is read: the counter's row stays locked until the commit,
  // and every other request of the company waits for it, so as little as possible comes after it.
  await handleCommand(ctx, documentDecider, streamOf(documentId), async () => ({
    type: 'RequestDocument' as const,
    data: await requestedData(ctx, documentId, request),
  }));
  return documentId;
}

/** The PDF is stored: `DocumentGenerated` (nothing when the document already finished). */
export async function recordGenerated(ctx: CommandContext, documentId: string, file: { path: string; size: number; pages: number }) {
  await handleCommand(
    ctx,
    documentDecider,
    streamOf(documentId),
    { type: 'RecordGenerated', data: { documentId, ...file, at: ctx.at } },
    { retriesOnConflict: 2 },
  );
}

/** No PDF came out: `DocumentFailed` (nothing when the document already finished). */
export async function recordFailure(ctx: CommandContext, documentId: string, failure: DocumentFailure, reason: string) {
  await handleCommand(
    ctx,
    documentDecider,
    streamOf(documentId),
    { type: 'RecordFailure', data: { documentId, failure, reason: reason.slice(0, 500), at: ctx.at } },
    { retriesOnConflict: 2 },
  );
}

/**
 * A station action's document that does not apply to the completed order: `DocumentRefused` on a
 * document stream of its own, with a number, listed with the order's documents as "No pdf generated".
 */
export async function refuseDocument(
  ctx: CommandContext,
  request: Omit<DocumentRequest, 'subjectId'> & { orderId: string; reason: string },
  documentId: string,
) {
  const data = await requestedData(ctx, documentId, { ...request, subjectId: request.orderId, labelSize: null });
  await handleCommand(ctx, documentDecider, streamOf(documentId), {
    type: 'RefuseDocument',
    data: { ...data, subjectType: 'order', reason: request.reason },
  });
}
