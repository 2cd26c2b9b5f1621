import { sql, type Selectable } from 'kysely';
import { likePattern, type AccountTerms } from '../../../domain/company/company.rules.js';
import type { BasicSettings, Plan, ReferralSource } from '../../../domain/company/company.schema.js';
import type { Executor, Tx } from '../../platform/db.js';
import type { CompaniesTable } from './company.table.js';

export type CompanyRow = Selectable<CompaniesTable>;

/** A JSON value for a jsonb column, the same on pg and PGlite. */
export const jsonb = (value: unknown) => sql<BasicSettings>`${JSON.stringify(value)}::jsonb`;

/** A company by id; inside a tenant transaction only the tenant's own company is ever found. */
export async function findCompany(db: Executor, companyId: string): Promise<CompanyRow | undefined> {
  return db.selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirst();
}

export async function termsOf(db: Executor, companyId: string): Promise<AccountTerms | undefined> {
  const row = await db.selectFrom('companies').select(['plan', 'trial_ends_at']).where('id', '=', companyId).executeTakeFirst();
  return row ? { plan: row.plan, trialEndsAt: row.trial_ends_at } : undefined;
}

export interface NewCompany {
  id: string;
  companyName: string;
  plan: Plan;
  trialEndsAt: Date | null;
  basicSettings: BasicSettings;
}

export async function insertCompany(tx: Tx, company: NewCompany): Promise<CompanyRow> {
  return tx
    .insertInto('companies')
    .values({
      id: company.id,
      company_name: company.companyName,
      plan: company.plan,
      trial_ends_at: company.trialEndsAt,
      basic_settings: jsonb(company.basicSettings),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setReferralSource(tx: Tx, companyId: string, referralSource: ReferralSource): Promise<boolean> {
  const result = await tx
    .updateTable('companies')
    .set({ referral_source: referralSource, updated_at: sql`now()` })
    .where('id', '=', companyId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Replaces the settings the form edits; keys other screens add to the same document are kept. */
export async function setBasicSettings(tx: Tx, companyId: string, settings: BasicSettings): Promise<CompanyRow | undefined> {
  return tx
    .updateTable('companies')
    .set({
      company_name: settings.companyName,
      basic_settings: sql`basic_settings || ${JSON.stringify(settings)}::jsonb`,
      updated_at: sql`now()`,
    })
    .where('id', '=', companyId)
    .returningAll()
    .executeTakeFirst();
}

export async function setLogo(tx: Tx, companyId: string, fileName: string): Promise<void> {
  await tx
    .updateTable('companies')
    .set({ logo_file: fileName, logo_updated_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', companyId)
    .execute();
}

export async function setTerms(tx: Tx, companyId: string, terms: AccountTerms): Promise<void> {
  await tx
    .updateTable('companies')
    .set({ plan: terms.plan, trial_ends_at: terms.trialEndsAt, updated_at: sql`now()` })
    .where('id', '=', companyId)
    .execute();
}

/** One page of customer accounts, newest first, optionally filtered by company name (any case, literal). */
export async function customerPage(
  db: Executor,
  query: { page: number; limit: number; companyName?: string },
): Promise<{ rows: CompanyRow[]; total: number }> {
  let base = db.selectFrom('companies');
  if (query.companyName) base = base.where('company_name', 'ilike', likePattern(query.companyName));
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * Deletes every row of a company from every table that has a `company_id` column, found in the
 * catalogue so tables of later modules are covered without a list to maintain. Tables whose rows
 * are still referenced by another table are retried after the others (savepoints keep the
 * transaction usable).
 */
export async function deleteCompanyRows(tx: Tx, companyId: string): Promise<void> {
  const tables = await sql<{ table_name: string }>`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and c.column_name = 'company_id' and t.table_type = 'BASE TABLE'
    order by c.table_name
  `.execute(tx);
  let remaining = tables.rows.map((row) => row.table_name);
  while (remaining.length > 0) {
    const blocked: string[] = [];
    for (const table of remaining) {
      await sql`savepoint delete_company_rows`.execute(tx);
      try {
        await sql`delete from ${sql.table(table)} where company_id = ${companyId}::uuid`.execute(tx);
        await sql`release savepoint delete_company_rows`.execute(tx);
      } catch (error) {
        if ((error as { code?: string }).code !== '23503') throw error;
        await sql`rollback to savepoint delete_company_rows`.execute(tx);
        blocked.push(table);
      }
    }
    if (blocked.length === remaining.length) throw new Error(`Rows of company ${companyId} in ${blocked.join(', ')} are still referenced`);
    remaining = blocked;
  }
}
