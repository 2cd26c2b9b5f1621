import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { CompanyFunction, CompanyFunctions } from '../../domain/company/company.schema.js';
import { DomainError } from '../../domain/shared/errors.js';
import { authStep } from './auth.js';

/** Reads which optional functions a company has on; `null` when there is no such company. */
export type CompanyFunctionsReader = (companyId: string) => Promise<CompanyFunctions | null>;

/** The reader before one is installed: every optional function is off (fail closed). */
export const noFunctions: CompanyFunctionsReader = async () => null;

export interface CompanyFunctionsService {
  /** Installs the reader; the company module owns the settings. Until then every gated route answers 404. */
  setReader(reader: CompanyFunctionsReader): void;
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
  async (app: FastifyInstance) => {
    let reader: CompanyFunctionsReader = noFunctions;
    const perRequest = new WeakMap<FastifyRequest, Promise<CompanyFunctions | null>>();

    const service: CompanyFunctionsService = {
      setReader(next) {
        reader = next;
      },
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
    app.addHook('onReady', async () => {
      if (reader === noFunctions) app.log.error('company functions: no reader installed (company module), so every optional function is off');
    });

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
