import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyDeletionSchema, confirmsCompanyName } from '../../../domain/company/company-account.schema.js';
import { companyAccountViewSchema, companyExportViewSchema } from '../../../domain/company/company-account.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { companyOf, principalOf } from '../../platform/auth.js';
import { runCommand, runQuery } from '../../platform/command.js';
import { errorResponses } from '../../platform/errors.js';
import { requestCompanyExport } from './company-account.handlers.js';
import { companyAccountOf } from './company-account.queries.js';
import { deleteExpiredExports, exportViewOf, exportZipPath, findExport } from './company.export.js';
import { storageLayoutOf, type CompanyDeps } from './company.handlers.js';
import { findCompany } from './company.queries.js';
import { deleteCompany } from './customers.routes.js';

const tags = ['company'];
const exportParams = z.object({ id: z.uuid({ error: 'validation.invalidId' }) });

const exportNotFound = () => new DomainError('EXPORT_NOT_FOUND');
/** How often each instance deletes expired exports. */
const EXPORT_SWEEP_MS = 60 * 60 * 1000;

/**
 * The Account tab of the company screen: plan, trial days left, users and storage; the export of
 * all company data (a background job, followed by polling, downloaded by its company only); and
 * the deletion of the account by its super user.
 */
export async function accountRoutes(app: FastifyInstance, deps: CompanyDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const owner = { preHandler: app.requireRole('SUPER_USER', 'MASTER') };
  const dataDir = deps.config.dataDir;

  // Finished exports are kept EXPORT_KEEP_DAYS, then deleted (rows and zips) by every instance's hourly sweep.
  const sweep = setInterval(() => {
    deleteExpiredExports(app.db, dataDir, app.clock.now()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'company exports: expired ones could not be deleted'),
    );
  }, EXPORT_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  r.get('/api/company-account/account', {
    ...owner,
    schema: {
      tags,
      summary: "The company's account: plan, trial days left, users, storage used, the latest data export",
      response: { 200: companyAccountViewSchema, ...errorResponses() },
    },
    handler: async (request) =>
      runQuery(app, request, (tx, now) => companyAccountOf(tx, storageLayoutOf(deps), companyOf(request), now, principalOf(request).role)),
  });

  r.post('/api/company-account/exports', {
    ...owner,
    // Getting one's data out stays possible after the trial has ended.
    config: { skipWriteCheck: true },
    schema: {
      tags,
      summary: 'Starts an export of all company data (a zip of CSV and JSON, made by a background job); follow it by its id',
      body: z.object({}).nullish(),
      response: { 202: companyExportViewSchema, ...errorResponses() },
    },
    handler: async (request, reply) => {
      const view = await runCommand(app, request, requestCompanyExport);
      return reply.status(202).send(view);
    },
  });

  r.get('/api/company-account/exports/:id', {
    ...owner,
    schema: {
      tags,
      summary: "One data export of the company: its status and progress; another company's answers 404",
      params: exportParams,
      response: { 200: companyExportViewSchema, ...errorResponses() },
    },
    handler: async (request) =>
      runQuery(app, request, async (tx, now) => {
        const row = await findExport(tx, request.params.id, now);
        if (!row) throw exportNotFound();
        return exportViewOf(row);
      }),
  });

  r.get('/api/company-account/exports/:id/download', {
    ...owner,
    schema: {
      tags,
      summary: 'The zip of a finished data export, to its own company only (404 for any other, and while it is not ready)',
      params: exportParams,
      response: { 200: z.any().describe('application/zip'), ...errorResponses() },
    },
    handler: async (request, reply) => {
      const companyId = companyOf(request);
      const row = await runQuery(app, request, (tx, now) => findExport(tx, request.params.id, now));
      if (!row || row.status !== 'READY') throw exportNotFound();
      const zip = exportZipPath(dataDir, companyId, row.id);
      // A zip removed from disk (restored backup, cleaned folder) is gone, not a server error.
      if (!(await stat(zip).catch(() => undefined))) throw exportNotFound();
      const day = row.requested_at.toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="company-data-${day}.zip"`)
        .send(createReadStream(zip));
    },
  });

  r.delete('/api/company-account', {
    preHandler: app.requireRole('SUPER_USER'),
    // An ended trial may still close its account.
    config: { skipWriteCheck: true },
    schema: {
      tags,
      summary: 'The super user deletes the company account with all of its data and files, confirmed by the company name; everyone is signed out',
      body: companyDeletionSchema,
      response: { 200: z.object({ deleted: z.literal(true) }), ...errorResponses() },
    },
    handler: async (request) => {
      const companyId = companyOf(request);
      const company = await runQuery(app, request, (tx) => findCompany(tx, companyId));
      if (!company) throw new DomainError('COMPANY_ACCOUNT_NOT_FOUND');
      if (!confirmsCompanyName(request.body.companyName, company.company_name)) {
        throw new DomainError('COMPANY_NAME_MISMATCH', [{ path: 'companyName', message: 'errors.COMPANY_NAME_MISMATCH' }]);
      }
      await deleteCompany(app, deps, request, companyId);
      return { deleted: true as const };
    },
  });
}
