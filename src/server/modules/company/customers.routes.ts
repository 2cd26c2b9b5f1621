import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerListQuerySchema } from '../../../domain/company/company.schema.js';
import { customerAccountDetailSchema, customerAccountPageSchema } from '../../../domain/company/company.views.js';
import { customerAccountCreateSchema, customerAccountEditSchema } from '../../../domain/company/customer-account.schema.js';
import { customerAccountEditViewSchema, type CustomerAccountEditView } from '../../../domain/company/customer-account.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { eventMetadataOf, principalOf } from '../../platform/auth.js';
import { runAsPlatform, runInTenant, staleCopy, type CommandScope } from '../../platform/command.js';
import { withSystem, type Db } from '../../platform/db.js';
import { errorResponses } from '../../platform/errors.js';
import { addCustomerAccount, customerAccount, customerAccounts, deleteCustomerAccount, updateCustomerAccount, type CompanyDeps } from './company.handlers.js';
import { findCompany, settingsVersion } from './company.queries.js';

const tags = ['customers'];
const idParams = z.object({ id: z.uuid({ error: 'validation.invalidId' }) });

/** The operator acting on a customer: that company's tenant, whichever company the operator has selected. */
function onCustomer(request: FastifyRequest, companyId: string): CommandScope {
  const { userId, role } = principalOf(request);
  return { companyId, actor: { userId, role }, metadata: eventMetadataOf(request) };
}

/**
 * The one deletion of a company account, for the master's customer list and for the company's
 * super user (Account tab): every row and file of the company goes, its users are signed out
 * (their sessions are rows of it), and a platform event records it.
 */
export async function deleteCompany(app: FastifyInstance, deps: CompanyDeps, request: FastifyRequest, companyId: string): Promise<void> {
  const { actor, metadata } = onCustomer(request, companyId);
  await runAsPlatform(app, { actor, metadata }, (ctx) => deleteCustomerAccount(ctx, deps, companyId));
}

/** One customer as the master's edit reads it: the detail and the version its save names. */
async function customerToEdit(db: Db, deps: CompanyDeps, companyId: string, now: Date): Promise<CustomerAccountEditView> {
  const detail = await customerAccount(db, deps, companyId, now);
  return { ...detail, version: await withSystem(db, (tx) => settingsVersion(tx, companyId)) };
}

/** The product operator's customer accounts (role MASTER only; everyone else gets 403). */
export async function customerRoutes(app: FastifyInstance, deps: CompanyDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const masterOnly = app.requireRole('MASTER');

  r.get('/api/company-account/all', {
    preHandler: masterOnly,
    schema: {
      tags,
      summary: 'Customer accounts, newest first, paged from page 1, filtered by company name',
      querystring: customerListQuerySchema,
      response: { 200: customerAccountPageSchema, ...errorResponses() },
    },
    handler: async (request) => customerAccounts(app.db, deps, request.query),
  });

  r.post('/api/company-account', {
    preHandler: masterOnly,
    schema: {
      tags,
      summary: 'Add a customer: company data, plan and trial end, and its super user, who is invited by email',
      body: customerAccountCreateSchema,
      response: { 201: customerAccountDetailSchema, ...errorResponses(409) },
    },
    handler: async (request, reply) => {
      const { email } = request.body.superUser;
      if (await deps.emailTaken(email)) {
        throw new DomainError('USER_ALREADY_EXISTS', [{ path: 'superUser.email', message: 'errors.USER_ALREADY_EXISTS' }]);
      }
      const companyId = randomUUID();
      await runInTenant(app, onCustomer(request, companyId), (ctx) => addCustomerAccount(ctx, deps, request.body));
      return reply.status(201).send(await customerAccount(app.db, deps, companyId, app.clock.now()));
    },
  });

  r.get('/api/company-account/byId/:id', {
    preHandler: masterOnly,
    schema: {
      tags,
      summary: 'One customer account with its settings and the version an edit names',
      params: idParams,
      response: { 200: customerAccountEditViewSchema, ...errorResponses() },
    },
    handler: async (request) => customerToEdit(app.db, deps, request.params.id, app.clock.now()),
  });

  r.put('/api/company-account/byId/:id', {
    preHandler: masterOnly,
    schema: {
      tags,
      summary: 'Change plan, trial end or company data of a customer, on the copy of `version` (a stale one answers 409)',
      params: idParams,
      body: customerAccountEditSchema,
      response: { 200: customerAccountEditViewSchema, ...errorResponses(409) },
    },
    handler: async (request) => {
      const { version, ...change } = request.body;
      const companyId = request.params.id;
      await runInTenant(app, onCustomer(request, companyId), async (ctx) => {
        // Locked first, as the owner's settings save does, so a save in between queues and then reads as stale.
        if (!(await findCompany(ctx.tx, companyId, { lock: true }))) throw new DomainError('COMPANY_ACCOUNT_NOT_FOUND');
        if ((await settingsVersion(ctx.tx, companyId)) !== version) throw staleCopy();
        await updateCustomerAccount(ctx, change);
      });
      return customerToEdit(app.db, deps, companyId, app.clock.now());
    },
  });

  r.delete('/api/company-account/byId/:id', {
    preHandler: masterOnly,
    schema: {
      tags,
      summary: 'Delete a customer with all of its data and files; its users are signed out',
      params: idParams,
      response: { 200: z.object({ deleted: z.literal(true) }), ...errorResponses() },
    },
    handler: async (request) => {
      await deleteCompany(app, deps, request, request.params.id);
      return { deleted: true as const };
    },
  });
}
