import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  documentFileName,
  documentListQuerySchema,
  requestDocumentSchema,
  subjectTypeOf,
  type DocumentSubjectType,
} from '../../../domain/documents/documents.schema.js';
import { documentListSchema, documentViewSchema } from '../../../domain/documents/documents.views.js';
import { calendarDayIn, timeZoneOf } from '../../../domain/company/working-time.rules.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { writerRoles, type Role } from '../../../domain/shared/roles.js';
import type { ChangeRight } from '../../../domain/team/rights.js';
import { companyOf, principalOf } from '../../platform/auth.js';
import { runCommand, runQuery } from '../../platform/command.js';
import { errorResponses } from '../../platform/errors.js';
import { companyStorageOf, storageQuotaExceeded, workingTimeOfCompany, type RecordedFolder } from '../company/index.js';
import { findUserById } from '../identity/index.js';
import { openDocumentFile } from './documents.files.js';
import { requestDocument } from './documents.handlers.js';
import { documentsOf, documentViewOf, findDocumentRow } from './documents.queries.js';
import type { DocumentRow } from './documents.tables.js';
import type { Executor } from '../../platform/db.js';

const tags = ['documents'];
const documentParams = z.object({ id: z.uuid() });

/** Printing a document for a subject takes the change right of the subject's area; an employee's (a timesheet) see `mayReadEmployee`. */
const areaOf: Record<Exclude<DocumentSubjectType, 'employee'>, ChangeRight> = {
  shipment: 'shipments',
  material: 'materials',
  order: 'orders',
  ncr: 'quality',
  lot: 'orders',
};

/**
 * An employee's documents (timesheets) are personal: the supervisors (super user, admins, the product
 * operator) print and read anyone's, every other user only their own (docs/labour-and-costs.md).
 */
const mayReadEmployee = (principal: { userId: string; role: Role }, employeeId: string) =>
  writerRoles.includes(principal.role) || principal.userId === employeeId;

/** Another's timesheet is answered as absent (404), as another company's document is. */
function hideOthersTimesheet(request: FastifyRequest, row: DocumentRow | undefined): DocumentRow | undefined {
  return row && row.subject_type === 'employee' && !mayReadEmployee(principalOf(request), row.subject_id) ? undefined : row;
}

/**
 * Documents: any user of the company lists and downloads; a writer with the change right of the
 * subject's area (shipments, materials, orders) requests one. docs/documents.md. `recordedFolders`:
 * what the company's storage count needs besides the data folder (list port `recordedFolders`).
 */
export async function documentsRoutes(app: FastifyInstance, recordedFolders: readonly RecordedFolder[]) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readers = { preHandler: app.authenticate };
  const zoneOf = async (tx: Executor, request: FastifyRequest) => timeZoneOf(await workingTimeOfCompany(tx, companyOf(request), app.config.workingTime));
  const rightOf = Object.fromEntries(Object.entries(areaOf).map(([subject, area]) => [subject, app.requireChangeRight(area)])) as Record<
    keyof typeof areaOf,
    preHandlerAsyncHookHandler
  >;
  // The body is validated before preHandlers run: the right checked is the one of the document's subject.
  const mayRequest: preHandlerAsyncHookHandler = async function (request, reply) {
    const { type, subjectId } = request.body as { type: keyof typeof subjectTypeOf; subjectId: string };
    const subject = subjectTypeOf[type];
    if (subject !== 'employee') return rightOf[subject].call(this, request, reply);
    if (!mayReadEmployee(principalOf(request), subjectId)) throw new DomainError('FORBIDDEN');
  };

  r.post('/api/documents', {
    // Signed in first (before the body is read: the API docs say so too), then the subject's right.
    preHandler: [app.authenticate, mayRequest],
    schema: {
      tags,
      summary:
        'Requests a document (PDF) of a subject: a delivery bill of a shipment, a label of a material, a traveler, test protocol or receipt of an order (the change right of the subject: shipments, materials, orders), a timesheet of an employee for a `week` (supervisors every employee’s, others their own)',
      body: requestDocumentSchema,
      response: { 202: documentViewSchema, ...errorResponses(413) },
    },
    handler: async (request, reply) => {
      // One transaction: the room left, the requester's language, the request and its answer.
      const view = await runCommand(app, request, async (ctx) => {
        // A document counts in the plan's storage: none is made once no room is left.
        const storage = await companyStorageOf(ctx.tx, { dataDir: app.config.dataDir, recordedFolders }, companyOf(request));
        if (storage.roomBytes === 0) throw storageQuotaExceeded();
        const userId = principalOf(request).userId;
        // Documents a user asks for are in the user's own language (docs/documents.md).
        const locale = (await findUserById(ctx.tx, userId))?.locale ?? 'en';
        // A timesheet's week is this week in the company's zone unless named.
        const week = request.body.type === 'timesheet' ? (request.body.week ?? calendarDayIn(ctx.now, await zoneOf(ctx.tx, request))) : null;
        // Certificates are appended to delivery bills only.
        if (request.body.withCertificates && request.body.type !== 'delivery-bill') {
          throw new DomainError('VALIDATION_ERROR', [{ path: 'withCertificates', message: 'documents.validation.certificatesOnlyDeliveryBill' }]);
        }
        const documentId = await requestDocument(ctx, { ...request.body, week, locale, trigger: { kind: 'user', userId } });
        return documentViewOf(ctx.tx, documentId);
      });
      return reply.status(202).send(view);
    },
  });

  r.get('/api/documents', {
    ...readers,
    schema: {
      tags,
      summary: 'The documents of a shipment, a material or an order (with the labels its station actions printed), newest first',
      querystring: documentListQuerySchema,
      response: { 200: documentListSchema, ...errorResponses() },
    },
    handler: async (request) => {
      if (request.query.subjectType === 'employee' && !mayReadEmployee(principalOf(request), request.query.subjectId)) throw new DomainError('FORBIDDEN');
      return runQuery(app, request, (tx) => documentsOf(tx, request.query));
    },
  });

  r.get('/api/documents/:id', {
    ...readers,
    schema: { tags, summary: 'A document: its status, who asked and when', params: documentParams, response: { 200: documentViewSchema, ...errorResponses() } },
    handler: async (request) =>
      runQuery(app, request, async (tx) => {
        if (!hideOthersTimesheet(request, await findDocumentRow(tx, request.params.id))) throw new DomainError('NOT_FOUND');
        return documentViewOf(tx, request.params.id);
      }),
  });

  r.get('/api/documents/:id/file', {
    ...readers,
    schema: {
      tags,
      summary: "A generated document's PDF, only for the company that owns it",
      params: documentParams,
      response: { 200: z.unknown().describe('application/pdf'), ...errorResponses() },
    },
    handler: async (request, reply) => {
      const row = hideOthersTimesheet(request, await runQuery(app, request, (tx) => findDocumentRow(tx, request.params.id)));
      const stream = row?.path ? await openDocumentFile(app.config.dataDir, companyOf(request), row.path) : undefined;
      if (!row || !stream) throw new DomainError('NOT_FOUND');
      return reply
        .type('application/pdf')
        .header('content-length', row.size ?? undefined)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(documentFileName(row.type, row.document_number))}`)
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  });
}
