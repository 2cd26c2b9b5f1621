import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOGO_MAX_BYTES } from '../../../domain/company/company.rules.js';
import { basicSettingsUpdateSchema, referralSourceUpdateSchema } from '../../../domain/company/company.schema.js';
import { companyDisplayViewSchema, companySettingsViewSchema } from '../../../domain/company/company.views.js';
import type { Tx } from '../../platform/db.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { companyOf } from '../../platform/auth.js';
import { runCommand, runQuery } from '../../platform/command.js';
import { errorResponses } from '../../platform/errors.js';
import { companyLogoOf, logoBytes, receiveLogo } from './company.files.js';
import { findCompany } from './company.queries.js';
import { withStorageReservation } from './company-storage.js';
import {
  companyDisplay,
  companySettings,
  recordReferralSource,
  replaceLogo,
  storageLayoutOf,
  updateBasicSettings,
  type CompanyDeps,
} from './company.handlers.js';

const tags = ['company-account'];
const okSchema = z.object({ ok: z.literal(true) });

/** The company's own account: basic settings, logo and the sign-up survey. */
export async function companyRoutes(app: FastifyInstance, deps: CompanyDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  // The company screen is the super user's (and the operator's acting for the company); the spec hides it from admins,
  // who read and write here only when the super user has granted them the change right `companySettings`.
  const settingsReaders = app.requireChangeRight('companySettings');

  r.get('/api/company-account/display', {
    preHandler: app.authenticate,
    schema: {
      tags,
      summary: "What every user sees of the caller's company: name, logo, date format and whether it is read-only",
      response: { 200: companyDisplayViewSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx, now) => companyDisplay(tx, companyOf(request), now)),
  });

  r.get('/api/company-account/basic-settings', {
    preHandler: settingsReaders,
    schema: {
      tags,
      summary: "The caller's company: basic and advanced settings with their version, logo, plan and trial",
      response: { 200: companySettingsViewSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx, now) => companySettings(tx, deps, companyOf(request), now)),
  });

  r.put('/api/company-account/updateBasicSettings', {
    preHandler: app.requireChangeRight('companySettings'),
    schema: {
      tags,
      summary: "Replace the basic and advanced settings of the caller's company (409 when `version` is stale)",
      body: basicSettingsUpdateSchema,
      response: { 200: companySettingsViewSchema, ...errorResponses(402, 409) },
    },
    handler: async (request) => runCommand(app, request, (ctx) => updateBasicSettings(ctx, deps, request.body)),
  });

  r.put('/api/company-account/logo', {
    preHandler: app.requireChangeRight('companySettings'),
    schema: {
      tags,
      summary: 'Upload the company logo (multipart, one file; PNG or JPEG, at most 2 MB)',
      consumes: ['multipart/form-data'],
      body: z.unknown().describe('multipart/form-data with one file part'),
      response: { 200: companySettingsViewSchema, ...errorResponses(402, 413, 415) },
    },
    handler: async (request) => {
      if (!request.isMultipart()) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', [{ path: 'logo', message: 'validation.logoType' }]);
      // The plan's storage quota: room taken atomically before a byte is read (refused at once by the declared length), then checked against the bytes.
      const companyId = companyOf(request);
      const storage = { ...storageLayoutOf(deps), companyId, now: app.clock.now(), contentLength: request.headers['content-length'] };
      // The new logo replaces the stored one: its bytes count as free.
      const replaced = async (tx: Tx) => logoBytes(deps.config.dataDir, companyId, (await findCompany(tx, companyId))?.logo_file ?? null);
      return withStorageReservation(app.db, { ...storage, replaced }, async (room) => {
        const part = await request.file();
        if (!part) throw new DomainError('VALIDATION_ERROR', [{ path: 'logo', message: 'validation.required' }]);
        // Streamed beside the stored logo, checked as the bytes pass; the transaction opens once they are on disk.
        const received = await receiveLogo(part.file, () => part.file.truncated, { dataDir: deps.config.dataDir, companyId, room });
        try {
          return await runCommand(app, request, (ctx) => replaceLogo(ctx, deps, received));
        } catch (error) {
          await received.discard();
          throw error;
        }
      });
    },
  });

  r.get('/api/company-account/logo', {
    preHandler: app.authenticate,
    schema: {
      tags,
      summary: "The company logo's image bytes (PNG or JPEG)",
      querystring: z.object({ v: z.string().max(20).optional() }),
      response: { 200: z.unknown().describe('image/png or image/jpeg'), ...errorResponses() },
    },
    handler: async (request, reply) => {
      const companyId = companyOf(request);
      const logo = await runQuery(app, request, (tx) => companyLogoOf(tx, deps.config.dataDir, companyId));
      if (!logo) throw new DomainError('NOT_FOUND');
      return (
        reply
          .type(logo.contentType)
          // Never kept by the browser: a cached copy would be served on a shared tablet after sign-out, without a token (issue 26).
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(logo.bytes)
      );
    },
  });

  const referralSchema = {
    tags,
    summary: "Record the 'how did you hear about us' answer of the sign-up survey",
    body: referralSourceUpdateSchema,
    response: { 200: okSchema, ...errorResponses(402) },
  };
  r.put('/api/company-account/update-referral-source/:id', {
    preHandler: app.requireRole('MASTER', 'SUPER_USER'),
    schema: { ...referralSchema, params: z.object({ id: z.string().max(100) }) },
    handler: async (request) => {
      if (!request.params.id) throw new DomainError('ID_IS_MISSING');
      const companyId = request.params.id;
      if (!/^[0-9a-f-]{36}$/i.test(companyId)) throw new DomainError('COMPANY_ACCOUNT_NOT_FOUND');
      await runCommand(app, request, (ctx) => recordReferralSource(ctx, companyId, request.body.referralSource));
      return { ok: true as const };
    },
  });
  // The spec's message when the survey is sent without the account id.
  r.put('/api/company-account/update-referral-source', {
    preHandler: app.requireRole('MASTER', 'SUPER_USER'),
    schema: referralSchema,
    handler: async () => {
      throw new DomainError('ID_IS_MISSING');
    },
  });
}
