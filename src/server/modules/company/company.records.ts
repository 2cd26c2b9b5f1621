import { sql } from 'kysely';
import type { AccountTerms } from '../../../domain/company/company.rules.js';
import type { BasicSettings, Plan, ReferralSource } from '../../../domain/company/company.schema.js';
import type { Tx } from '../../platform/db.js';
import { isForeignKeyViolation } from '../../platform/pg-errors.js';
import type { CompanyRow } from './company.queries.js';

/** A JSON value for a jsonb column, the same on pg and PGlite. */
const jsonb = (value: unknown) => sql<BasicSettings>`${JSON.stringify(value)}::jsonb`;

export interface NewCompany {
  id: string;
  companyName: string;
  plan: Plan;
  trialEndsAt: Date | null;
  basicSettings: BasicSettings;
  /** The moment of sign-up (the customer list's registration date). */
  registeredAt: Date;
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
      created_at: company.registeredAt,
      updated_at: company.registeredAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setReferralSource(tx: Tx, companyId: string, referralSource: ReferralSource, at: Date): Promise<boolean> {
  const result = await tx.updateTable('companies').set({ referral_source: referralSource, updated_at: at }).where('id', '=', companyId).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Replaces the settings the form edits; keys other screens add to the same document are kept. */
export async function setBasicSettings(tx: Tx, companyId: string, settings: BasicSettings, at: Date): Promise<CompanyRow | undefined> {
  return tx
    .updateTable('companies')
    .set({
      company_name: settings.companyName,
      basic_settings: sql`basic_settings || ${JSON.stringify(settings)}::jsonb`,
      updated_at: at,
    })
    .where('id', '=', companyId)
    .returningAll()
    .executeTakeFirst();
}

export async function setLogo(tx: Tx, companyId: string, fileName: string, at: Date): Promise<void> {
  await tx.updateTable('companies').set({ logo_file: fileName, logo_updated_at: at, updated_at: at }).where('id', '=', companyId).execute();
}

export async function setTerms(tx: Tx, companyId: string, terms: AccountTerms, at: Date): Promise<void> {
  await tx.updateTable('companies').set({ plan: terms.plan, trial_ends_at: terms.trialEndsAt, updated_at: at }).where('id', '=', companyId).execute();
}

/** The base tables with a `company_id` column, from the catalogue: every table of a company's data, later modules' included. */
export async function tablesWithCompanyId(tx: Tx): Promise<string[]> {
  const tables = await sql<{ table_name: string }>`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and c.column_name = 'company_id' and t.table_type = 'BASE TABLE'
    order by c.table_name
  `.execute(tx);
  return tables.rows.map((row) => row.table_name);
}

/**
 * Deletes every row of a company from every table that has a `company_id` column, found in the
 * catalogue so tables of later modules are covered without a list to maintain. Tables whose rows
 * are still referenced by another table are retried after the others (savepoints keep the
 * transaction usable).
 */
export async function deleteCompanyRows(tx: Tx, companyId: string): Promise<void> {
  let remaining = await tablesWithCompanyId(tx);
  while (remaining.length > 0) {
    const blocked: string[] = [];
    for (const table of remaining) {
      await sql`savepoint delete_company_rows`.execute(tx);
      try {
        await sql`delete from ${sql.table(table)} where company_id = ${companyId}::uuid`.execute(tx);
        await sql`release savepoint delete_company_rows`.execute(tx);
      } catch (error) {
        if (!isForeignKeyViolation(error)) throw error;
        await sql`rollback to savepoint delete_company_rows`.execute(tx);
        blocked.push(table);
      }
    }
    if (blocked.length === remaining.length) throw new Error(`Rows of company ${companyId} in ${blocked.join(', ')} are still referenced`);
    remaining = blocked;
  }
}
