import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { CompanyFunction, CompanyFunctions } from '../../domain/company/company.schema.js';
import { DomainError } from '../../domain/shared/errors.js';
import { authStep } from './auth.js';

/** Reads which optional functions a company has on; `null` when there is no such company. */
export type CompanyFunctionsReader = (companyId: string) => Promise<CompanyFunctions | null>;

export interface CompanyFunctionsService {
  /** The functions of the request's company, read once per request; `null` without a company. */
  of(request: FastifyRequest): Promise<CompanyFunctions | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    companyFunctions: CompanyFunctionsService;
    /**
     * preHandler factory: the route belongs to the optional function `name`, so it answers 404
     * NOT_FOUND for a company that switched it off (tab App function). Put it after the route's
     * auth preHandler (`preHandler: [app.requireRole(...), app.requireFunction('keyFigures')]`);
     * alone or as a scope's hook it authenticates the request itself. A master without a selected
     * company passes (the route's own `companyOf` answers 403).
     */
    requireFunction(name: CompanyFunction): preHandlerAsyncHookHandler;
  }
}

/** Optional functions of a company: the gate of their routes, read once per request. */
export const companyFunctionsPlugin = fp(
  async (app: FastifyInstance, options: { reader: CompanyFunctionsReader }) => {
    // The company module provides the reader (a port resolved before anything registers); without it the server does not start.
    const { reader } = options;
    if (typeof reader !== 'function') throw new Error('Port companyFunctionsReader required by the company-functions plugin has no provider');
    const perRequest = new WeakMap<FastifyRequest, Promise<CompanyFunctions | null>>();

    const service: CompanyFunctionsService = {
      of(request) {
        const companyId = request.principal?.companyId;
        if (!companyId) return Promise.resolve(null);
        let functions = perRequest.get(request);
        if (!functions) {
          functions = reader(companyId);
          perRequest.set(request, functions);
        }
        return functions;
      },
    };
    app.decorate('companyFunctions', service);

    app.decorate('requireFunction', (name: CompanyFunction): preHandlerAsyncHookHandler => {
      // An access step: like the auth steps it runs before body validation, so a switched-off route answers 404 to any body.
      return authStep(
        async function (request, reply) {
          if (!request.principal) await app.authenticate.call(app, request, reply);
          if (!request.principal?.companyId) return;
          const functions = await service.of(request);
          if (!functions?.[name]) throw new DomainError('NOT_FOUND');
        },
        { signedIn: true, companyFunction: name },
      );
    });
  },
  { name: 'company-functions', dependencies: ['auth'] },
);
