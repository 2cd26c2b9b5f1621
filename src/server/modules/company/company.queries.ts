import type { Selectable } from 'kysely';
import { companyStreamId } from '../../../domain/company/company.events.js';
import { likePattern, type Executor } from '../../platform/db.js';
import { pageOfRows } from '../../platform/paging.js';
import type { CompaniesTable } from './company.tables.js';

export type CompanyRow = Selectable<CompaniesTable>;

/** A company by id; inside a tenant transaction only the tenant's own company is ever found. */
export async function findCompany(db: Executor, companyId: string, options: { lock?: boolean } = {}): Promise<CompanyRow | undefined> {
  const query = db.selectFrom('companies').selectAll().where('id', '=', companyId);
  return (options.lock ? query.forUpdate() : query).executeTakeFirst();
}

/** The version of a company's settings: its stream's version (every change of the account is an event on it). */
export async function settingsVersion(db: Executor, companyId: string): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max('stream_version').as('version'))
    .where('stream_id', '=', companyStreamId(companyId))
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** The last order number the company's counter handed out (0: none yet). */
export async function lastOrderNumberIssued(db: Executor, companyId: string): Promise<number> {
  const row = await db.selectFrom('order_counters').select('last_number').where('company_id', '=', companyId).executeTakeFirst();
  return row?.last_number ?? 0;
}

/** One page of customer accounts, newest first, optionally filtered by company name (any case, literal). */
export async function customerPage(db: Executor, query: { page: number; limit: number; companyName?: string }): Promise<{ rows: CompanyRow[]; total: number }> {
  let base = db.selectFrom('companies');
  if (query.companyName) base = base.where('company_name', 'ilike', likePattern(query.companyName));
  return pageOfRows(base, query, (rows) => rows.selectAll().orderBy('created_at', 'desc').orderBy('id'));
}
