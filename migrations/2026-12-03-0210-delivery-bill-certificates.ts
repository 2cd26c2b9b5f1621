import { sql, type Kysely } from 'kysely';

// A delivery bill "with certificates" (docs/quality-and-lots.md, Certificates on the delivery bill): the
// request's option, kept with the document so the job that prints it appends the lots' certificates.
// Frozen once landed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table documents add column with_certificates boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table documents drop column with_certificates`.execute(db);
}
