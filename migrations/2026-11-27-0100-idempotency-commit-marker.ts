import { sql, type Kysely } from 'kysely';

// Idempotency keys know whether their command committed (docs/offline-station.md, "A server that
// dies"): `claim_id` names the request that holds a key, and the command's own transaction sets
// `state = 'committed'` for it, so a key left behind by a server that died is told apart: still
// 'running' (nothing committed: a repeat may run it) or 'committed' (it ran: its answer is lost).
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table idempotency_keys add column claim_id uuid`.execute(db);
  await sql`alter table idempotency_keys drop constraint idempotency_keys_state_check`.execute(db);
  await sql`alter table idempotency_keys add constraint idempotency_keys_state_check check (state in ('running', 'committed', 'done'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from idempotency_keys where state = 'committed'`.execute(db);
  await sql`alter table idempotency_keys drop constraint idempotency_keys_state_check`.execute(db);
  await sql`alter table idempotency_keys add constraint idempotency_keys_state_check check (state in ('running', 'done'))`.execute(db);
  await sql`alter table idempotency_keys drop column claim_id`.execute(db);
}
