import { COMPANY_EXPORT_STREAM_TYPE } from '../../../domain/company/company-account.events.js';
import * as companyAccountViews from '../../../domain/company/company-account.views.js';
import { COMPANY_STREAM_TYPE } from '../../../domain/company/company.events.js';
import * as companyViews from '../../../domain/company/company.views.js';
import * as customerAccountViews from '../../../domain/company/customer-account.views.js';
import type { Locale } from '../../../domain/identity/identity.schema.js';
import type { CommandContext } from '../../platform/command.js';
import { defineModule } from '../../platform/module.js';
import { accountRoutes } from './account.routes.js';
import { companyExportDispatchRoutes, exportCompanyDataJob, platformTables, type CompanyTables } from './company.export.js';
import { functionsOfCompany, trialWriteCheck } from './company.handlers.js';
import { customerSummaryProjection } from './company.projection.js';
import { companyRoutes } from './company.routes.js';
import { customerRoutes } from './customers.routes.js';
import type { RecordedFolder } from './company.files.js';

export {
  appendPlatformEvent,
  dateFormatOf,
  halfVacationDaysOf,
  openCompanyAccount,
  orderNumbering,
  workingTimeOfCompany,
  workingTimeOfCompanyAsOf,
  workingTimeOfRow,
  type CompanyDeps,
} from './company.handlers.js';
export { findCompany, type CompanyRow } from './company.queries.js';
export { companyDir, companyLogoOf, openCompanyFile, recordedFolder, type RecordedFolder, type StorageLayout } from './company.files.js';
export {
  companyStorageOf,
  freeingReplaced,
  refuseBeyondRoom,
  reserveStorage,
  storageQuotaExceeded,
  withStorageReservation,
  type CompanyStorage,
  type StorageReservation,
} from './company-storage.js';
import { companyLiveRules } from './company.live.js';

/** Invites a user who signs in by email into the context's company (the emailed invitation sets the password); 409 when the email is taken. */
export type UserInviter = (
  ctx: CommandContext,
  input: { role: 'ADMIN' | 'SUPER_USER'; email: string; firstName: string; lastName: string; locale: Locale; companyName: string },
) => Promise<{ userId: string }>;

/** Whether an email already signs in somewhere (checked before a command that would invite it). */
export type EmailTakenCheck = (email: string) => Promise<boolean>;

declare module '../../platform/module.js' {
  interface Ports {
    /** Provided by identity: a new customer's owner and the company's admins are invited by email. */
    userInviter: UserInviter;
    /** Provided by identity: a customer account is refused up front when its owner's email is taken. */
    emailTakenCheck: EmailTakenCheck;
  }
}

declare module '../../platform/list-ports.js' {
  interface ListPorts {
    /**
     * Contributed by each module that records the size of every file of its folder under the company's
     * (documents): the storage count sums those records instead of walking the folder. Collected by every
     * module that counts a company's storage (its uploads' quota).
     */
    recordedFolders: RecordedFolder;
    /**
     * Contributed by every module with tables that carry a `company_id`: which of them the company's data export
     * holds and which it never does (company.export.ts). Collected by company (the export job).
     */
    companyTables: CompanyTables;
  }
}

/**
 * Company accounts: the company's own settings and logo, the sign-up survey, the trial's
 * read-only rule for writes (port `writeCheck`), which optional functions a company has on (port
 * `companyFunctionsReader`), data exports and the product operator's customer list. Its storage count
 * takes the folders other modules count by their records (list port `recordedFolders`).
 */
export const companyModule = defineModule({
  name: 'company',
  requires: ['userInviter', 'emailTakenCheck'],
  collects: ['recordedFolders', 'companyTables'],
  provides: {
    writeCheck: (deps) => trialWriteCheck(deps),
    companyFunctionsReader: (deps) => (companyId) => functionsOfCompany(deps.db, companyId),
  },
  contributes: { companyTables: [platformTables, { exported: ['companies'], notExported: ['company_exports', 'storage_reservations'] }] },
  plugin: async (app, { ports }) => {
    const deps = { config: app.config, invite: ports.userInviter, emailTaken: ports.emailTakenCheck, recordedFolders: ports.recordedFolders };
    await app.register(async (scope) => companyRoutes(scope, deps));
    await app.register(async (scope) => customerRoutes(scope, deps));
    await app.register(async (scope) => accountRoutes(scope, deps));
  },
  projections: () => [customerSummaryProjection],
  jobs: { definitions: [exportCompanyDataJob], dispatchRoutes: companyExportDispatchRoutes },
  openApi: {
    tags: [
      { name: 'company-account', description: "The caller's company: display data, settings with their version, logo, referral source." },
      { name: 'company', description: "The company's account: plan and trial, storage, data exports, account deletion." },
      { name: 'customers', description: "The master user's list of customer companies and their accounts." },
    ],
    views: [companyAccountViews, companyViews, customerAccountViews],
  },
  liveTopics: [COMPANY_STREAM_TYPE, COMPANY_EXPORT_STREAM_TYPE],
  liveRules: companyLiveRules,
});
