import { DOCUMENT_STREAM_TYPE } from '../../../domain/documents/documents.events.js';
import * as documentsViews from '../../../domain/documents/documents.views.js';
import { defineModule } from '../../platform/module.js';
import { recordedFolder } from '../company/index.js';
import { DOCUMENTS_FOLDER } from './documents.files.js';
import { documentPdf, documentsDispatchRoutes, runDocumentActionsJob } from './documents.jobs.js';
import { documentsProjection } from './documents.projection.js';
import { documentBytesOf } from './documents.queries.js';
import { documentsRoutes } from './documents.routes.js';
import { documentsLiveRules } from './documents.live.js';

/**
 * Documents: PDFs of shipments (delivery bill), materials (label) and orders (traveler, test
 * protocol, receipt). A request is an event; the dispatcher hands it to the `pdf` queue, the reused
 * Chromium prints it, the file is stored under the company (docs/documents.md). Listed after
 * the modules whose records it prints.
 */
export const documentsModule = defineModule({
  name: 'documents',
  requires: [],
  // A document counts in the company's storage quota.
  collects: ['recordedFolders'],
  provides: {},
  // Every generated document records its file's size: the storage count sums those instead of walking the folder.
  contributes: {
    companyTables: [{ exported: ['document_counters', 'documents'], notExported: [] }],
    recordedFolders: [recordedFolder(DOCUMENTS_FOLDER, documentBytesOf)],
  },
  plugin: async (app, { ports }) => {
    await app.register(async (scope) => documentsRoutes(scope, ports.recordedFolders));
  },
  projections: () => [documentsProjection],
  jobs: { definitions: [runDocumentActionsJob], dispatchRoutes: documentsDispatchRoutes, pdfDocuments: [documentPdf] },
  openApi: {
    tags: [{ name: 'documents', description: 'Generated PDF documents (order and shipping papers) and their files.' }],
    views: [documentsViews],
  },
  liveTopics: [DOCUMENT_STREAM_TYPE],
  liveRules: documentsLiveRules,
});
