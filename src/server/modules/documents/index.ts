import type { FastifyInstance } from 'fastify';
import { addRecordedFolder } from '../company/index.js';
import { documentsProjection } from './documents.projection.js';
import { DOCUMENTS_FOLDER } from './documents.files.js';
import { documentBytesOf } from './documents.queries.js';
import { documentsRoutes } from './documents.routes.js';

// Every generated document records its file's size: the storage check sums those (the server and the worker import this index).
addRecordedFolder(DOCUMENTS_FOLDER, documentBytesOf);

/** The module's inline projections: `src/server/projections.ts` registers them for the server and the worker. */
export const documentsProjections = [documentsProjection];

export { documentPdf, documentsDispatchRoutes, runDocumentActionsJob } from './documents.jobs.js';

/**
 * Documents: PDFs of shipments (delivery bill), materials (label) and orders (traveler, test
 * protocol, receipt). A request is an event; the dispatcher hands it to the `pdf` queue, the reused
 * Chromium prints it, the file is stored under the company (docs/documents.md). Registered after
 * the modules whose records it prints.
 */
export async function documentsModule(app: FastifyInstance) {
  await app.register(documentsRoutes);
}
