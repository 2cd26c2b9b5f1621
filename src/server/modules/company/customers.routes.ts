import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerAccountUpdateSchema, customerListQuerySchema } from '../../../domain/company/company.schema.js';
import { customerAccountDetailSchema, customerAccountPageSchema } from '../../../domain/company/company.views.js';
import { customerAccountCreateSchema } from '../../../domain/company/customer-account.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { eventMetadataOf, principalOf } from '../../platform/auth.js';
import { runAsPlatform, runInTenant, type CommandScope } from '../../platform/command.js';
import { errorResponses } from '../../platform/errors.js';
import { addCustomerAccount, customerAccount, customerAccounts, deleteCustomerAccount, updateCustomerAccount, type CompanyDeps } from './company.handlers.js';

const tags = ['customers'];
const idParams = z.object({ id: z.uuid({ error: 'validation.invalidId' }) });

/** The operator acting on a customer: that company's tenant, whichever company the operator has selected. */
function onCustomer(request: FastifyRequest, companyId: string): CommandScope {
  const { userId, role } = principalOf(request);
  return { companyId, actor: { userId, role }, metadata: eventMetadataOf(request) };
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
      if (await app.identity.emailTaken(email)) {
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
      summary: 'One customer account with its settings',
      params: idParams,
      response: { 200: customerAccountDetailSchema, ...errorResponses() },
    },
    handler: async (request) => customerAccount(app.db, deps, request.params.id, app.clock.now()),
  });

  r.put('/api/company-account/byId/:id', {
    preHandler: masterOnly,
    schema: {
      tags,
      summary: 'Change plan, trial end or company data of a customer',
      params: idParams,
      body: customerAccountUpdateSchema,
      response: { 200: customerAccountDetailSchema, ...errorResponses() },
    },
    handler: async (request) => {
      await runInTenant(app, onCustomer(request, request.params.id), (ctx) => updateCustomerAccount(ctx, request.body));
      return customerAccount(app.db, deps, request.params.id, app.clock.now());
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
      const { actor, metadata } = onCustomer(request, request.params.id);
      await runAsPlatform(app, { actor, metadata }, (ctx) => deleteCustomerAccount(ctx, deps, request.params.id));
      return { deleted: true as const };
    },
  });
}
