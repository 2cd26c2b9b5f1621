import type { CompanyAccountView } from '../../../domain/company/company-account.views.js';
import { storageQuotaBytes, trialDaysLeft } from '../../../domain/company/company-account.schema.js';
import { trialHasEnded } from '../../../domain/company/company.rules.js';
import { DomainError } from '../../../domain/shared/errors.js';
import type { Executor } from '../../platform/db.js';
import { companyStorageBytes, type StorageLayout } from './company.files.js';
import { exportViewOf, latestExport } from './company.export.js';
import { findCompany } from './company.queries.js';

/** The Account tab of the company in the transaction's tenant, as `role` sees it (only the super user may delete). */
export async function companyAccountOf(db: Executor, layout: StorageLayout, companyId: string, now: Date, role: string): Promise<CompanyAccountView> {
  const row = await findCompany(db, companyId);
  if (!row) throw new DomainError('COMPANY_ACCOUNT_NOT_FOUND');
  const terms = { plan: row.plan, trialEndsAt: row.trial_ends_at };
  const latest = await latestExport(db, now);
  return {
    companyName: row.company_name,
    plan: row.plan,
    trialEndsAt: row.trial_ends_at?.toISOString() ?? null,
    trialDaysLeft: trialDaysLeft(terms, now),
    readOnly: trialHasEnded(terms, now),
    users: row.user_count,
    storageBytes: await companyStorageBytes(db, layout, companyId),
    storageQuotaBytes: storageQuotaBytes[row.plan],
    mayDelete: role === 'SUPER_USER',
    latestExport: latest ? exportViewOf(latest) : null,
  };
}
