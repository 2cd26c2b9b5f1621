import type { FastifyInstance } from 'fastify';
import { companyRoutes } from './company.routes.js';
import { customerSummaryProjection } from './company.projection.js';
import { trialWriteCheck, type CompanyDeps } from './company.handlers.js';
import { customerRoutes } from './customers.routes.js';

export { appendPlatformEvent, halfVacationDaysOf, openCompanyAccount, orderNumbering, type CompanyDeps } from './company.handlers.js';
export { findCompany, type CompanyRow } from './company.queries.js';

/**
 * Company accounts: the company's own settings and logo, the sign-up survey, the trial's
 * read-only rule for writes, and the product operator's customer list.
 */
export async function companyModule(app: FastifyInstance) {
  const deps: CompanyDeps = { config: app.config, invite: (ctx, input) => app.identity.invite(ctx, input) };
  app.eventStore.registerInlineProjection(customerSummaryProjection);
  app.auth.setWriteCheck(trialWriteCheck(app));
  await app.register(async (scope) => companyRoutes(scope, deps));
  await app.register(async (scope) => customerRoutes(scope, deps));
}
