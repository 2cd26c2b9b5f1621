import { IMPORT_STREAM_TYPE } from '../../../domain/imports/imports.events.js';
import * as importsViews from '../../../domain/imports/imports.views.js';
import { defineModule } from '../../platform/module.js';
import { importDispatchRoutes, importFileJob } from './imports.jobs.js';
import { importsRoutes } from './imports.routes.js';
import { importsLiveRules } from './imports.live.js';

export { importFile, progressOf } from './imports.jobs.js';

/**
 * CSV imports (docs/integration.md, "CSV import"): a file read (UTF-8 or Windows-1252, `;` or `,`,
 * German or English headers), checked row by row by the form's own schemas, then written by one job
 * through the owning modules' commands (materials, orders, identity's invitations) in one
 * transaction. Its own module: it reads and writes through those modules' doors only (docs/decisions.md).
 */
export const importsModule = defineModule({
  name: 'imports',
  requires: [],
  provides: {},
  contributes: { companyTables: [{ exported: [], notExported: ['import_mappings', 'imports'] }] },
  plugin: async (app) => {
    await app.register(importsRoutes);
  },
  jobs: { definitions: [importFileJob], dispatchRoutes: importDispatchRoutes },
  openApi: {
    tags: [
      {
        name: 'imports',
        description:
          'CSV imports of materials, bills of materials, stock levels, customer orders and team members: templates, dry runs, imports as a job, reports.',
      },
    ],
    views: [importsViews],
  },
  liveTopics: [IMPORT_STREAM_TYPE],
  liveRules: importsLiveRules,
});
