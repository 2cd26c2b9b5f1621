import type { Selectable } from 'kysely';
import { likePattern, type Executor } from '../../platform/db.js';
import { pageOfRows } from '../../platform/paging.js';
import type { CompaniesTable } from './company.tables.js';

export type CompanyRow = Selectable<CompaniesTable>;

/** A company by id; inside a tenant transaction only the tenant's own company is ever found. */
export async function findCompany(db: Executor, companyId: string): Promise<CompanyRow | undefined> {
  return db.selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirst();
}

/** One page of customer accounts, newest first, optionally filtered by company name (any case, literal). */
export async function customerPage(db: Executor, query: { page: number; limit: number; companyName?: string }): Promise<{ rows: CompanyRow[]; total: number }> {
  let base = db.selectFrom('companies');
  if (query.companyName) base = base.where('company_name', 'ilike', likePattern(query.companyName));
  return pageOfRows(base, query, (rows) => rows.selectAll().orderBy('created_at', 'desc').orderBy('id'));
}
