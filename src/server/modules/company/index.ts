import type { FastifyInstance } from 'fastify';
import { companyRoutes } from './company.routes.js';
import { customerSummaryProjection } from './company.projection.js';
import { functionsOfCompany, trialWriteCheck, type CompanyDeps } from './company.handlers.js';
import { customerRoutes } from './customers.routes.js';
import { accountRoutes } from './account.routes.js';

/** The module's inline projections: `src/server/projections.ts` registers them for the server and the worker. */
export const companyProjections = [customerSummaryProjection];

export {
  appendPlatformEvent,
  dateFormatOf,
  halfVacationDaysOf,
  openCompanyAccount,
  orderNumbering,
  workingTimeOfCompany,
  workingTimeOfRow,
  type CompanyDeps,
} from './company.handlers.js';
export { findCompany, type CompanyRow } from './company.queries.js';
export { addRecordedFolder, companyDir, companyLogoOf } from './company.files.js';
export {
  capAtRoom,
  companyStorageOf,
  freeingReplaced,
  refuseBeyondRoom,
  reserveStorage,
  storageQuotaExceeded,
  withStorageReservation,
  type CompanyStorage,
  type StorageReservation,
} from './company-storage.js';

/**
 * Company accounts: the company's own settings and logo, the sign-up survey, the trial's
 * read-only rule for writes, and the product operator's customer list.
 */
export async function companyModule(app: FastifyInstance) {
  const deps: CompanyDeps = { config: app.config, invite: (ctx, input) => app.identity.invite(ctx, input) };
  app.auth.setWriteCheck(trialWriteCheck(app));
  app.companyFunctions.setReader((companyId) => functionsOfCompany(app.db, companyId));
  await app.register(async (scope) => companyRoutes(scope, deps));
  await app.register(async (scope) => customerRoutes(scope, deps));
  await app.register(async (scope) => accountRoutes(scope, deps));
}
