import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerAccountUpdateSchema, customerListQuerySchema } from '../../../domain/company/company.schema.js';
import { customerAccountDetailSchema, customerAccountPageSchema } from '../../../domain/company/company.views.js';
import { eventMetadataOf } from '../../platform/auth.js';
import { errorResponses } from '../../platform/errors.js';
import { customerAccount, customerAccounts, deleteCustomerAccount, updateCustomerAccount, type CompanyDeps } from './company.handlers.js';

const tags = ['customers'];
const idParams = z.object({ id: z.uuid({ error: 'validation.invalidId' }) });

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
    handler: async (request) => customerAccounts(deps, request.query),
  });

  r.get('/api/company-account/byId/:id', {
    preHandler: masterOnly,
    schema: {
      tags,
      summary: 'One customer account with its settings',
      params: idParams,
      response: { 200: customerAccountDetailSchema, ...errorResponses() },
    },
    handler: async (request) => customerAccount(deps, request.params.id, new Date()),
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
    handler: async (request) => updateCustomerAccount(deps, request.params.id, request.body, eventMetadataOf(request), new Date()),
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
      await deleteCustomerAccount(deps, request.params.id, eventMetadataOf(request));
      return { deleted: true as const };
    },
  });
}
