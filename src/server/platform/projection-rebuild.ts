import { sql, type RawBuilder } from 'kysely';
import { withTenant, type Db, type Tx } from './db.js';
import { toStoredEvent, type EventRow, type InlineProjection, type StoredEvent } from './event-store.js';

/** One value in which a read model differs from its rebuild from the log. */
export interface ProjectionDifference {
  projection: string;
  table: string;
  /** The row's primary key. */
  key: Record<string, unknown>;
  /** The column that differs; absent when the row exists on one side only. */
  column?: string;
  /** As `to_jsonb` gives it (timestamps as ISO text); `undefined` when the row is missing live. */
  live: unknown;
  /** `undefined` when the rebuild has no such row. */
  rebuilt: unknown;
}

export interface ProjectionCheck {
  /** Events replayed. */
  events: number;
  tables: { projection: string; table: string; liveRows: number; rebuiltRows: number }[];
  differences: ProjectionDifference[];
}

interface OwnedTable {
  projection: string;
  table: string;
  /** The columns the projection writes; `undefined` for all of them. */
  columns?: readonly string[];
  key: string[];
}

/** Events read per round trip while replaying. */
const pageSize = 1000;

/** Thrown to end the check's transaction with a rollback while handing its result out. */
class CheckDone extends Error {
  constructor(readonly check: ProjectionCheck) {
    super('projection check done');
  }
}

const ident = (name: string) => sql.id(name);
const list = (names: readonly string[]) =>
  sql.join(
    names.map((name) => ident(name)),
    sql`, `,
  );

async function primaryKeyOf(tx: Tx, schema: string, table: string): Promise<string[]> {
  const { rows } = await sql<{ column: string }>`
    select a.attname as column from pg_index i
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indrelid = to_regclass(${`${schema}.${table}`}) and i.indisprimary
    order by array_position(i.indkey::int2[], a.attnum)
  `.execute(tx);
  if (rows.length === 0) throw new Error(`Projection table ${table} has no primary key: its rows cannot be compared with a rebuild`);
  return rows.map((row) => row.column);
}

/** The columns a plain insert may write (generated columns excluded), in table order. */
async function insertableColumnsOf(tx: Tx, schema: string, table: string): Promise<string[]> {
  const { rows } = await sql<{ column: string }>`
    select attname as column from pg_attribute
    where attrelid = to_regclass(${`${schema}.${table}`}) and attnum > 0 and not attisdropped and attgenerated = ''
    order by attnum
  `.execute(tx);
  return rows.map((row) => row.column);
}

function ownedTables(projections: readonly InlineProjection[]): Omit<OwnedTable, 'key'>[] {
  const owners = new Map<string, string>();
  const owned: Omit<OwnedTable, 'key'>[] = [];
  for (const projection of projections) {
    for (const declared of projection.tables) {
      const { table, columns } = typeof declared === 'string' ? { table: declared, columns: undefined } : declared;
      const owner = owners.get(table);
      if (owner) throw new Error(`Table ${table} is claimed by projections ${owner} and ${projection.name}: a table has one owner`);
      owners.set(table, projection.name);
      owned.push({ projection: projection.name, table, columns });
    }
  }
  return owned;
}

/**
 * An empty copy of each owned table in `pg_temp` (which the search path reads first, so the
 * projections' unqualified statements write the copies), with its defaults, checks and unique
 * indexes but no foreign keys: a removed user's profile rows are rebuilt even though the user row
 * is gone, and the live tables are neither written nor locked. A table owned in part (or only
 * written, `alsoWrites`) starts as a copy of the live rows with the owned columns at their defaults.
 */
async function shadow(tx: Tx, schema: string, owned: Pick<OwnedTable, 'table' | 'columns'>): Promise<void> {
  const live = sql.table(`${schema}.${owned.table}`);
  await sql`create temp table ${ident(owned.table)} (like ${live} including all) on commit drop`.execute(tx);
  if (!owned.columns) return;
  const columns = await insertableColumnsOf(tx, schema, owned.table);
  const copy = sql.table(`pg_temp.${owned.table}`);
  await sql`insert into ${copy} (${list(columns)}) overriding system value select ${list(columns)} from ${live}`.execute(tx);
  const reset = sql.join(
    owned.columns.map((column) => sql`${ident(column)} = default`),
    sql`, `,
  );
  if (owned.columns.length > 0) await sql`update ${copy} set ${reset}`.execute(tx);
}

/** Which events a replay reads: all of them, or one company's recorded up to a moment. */
interface ReplayScope {
  companyId: string;
  until: Date;
}

/** Replays the log in insertion order, an append's events together, through every owning projection of their stream type. */
async function replay(tx: Tx, projections: readonly InlineProjection[], scope?: ReplayScope): Promise<number> {
  const streamTypes = [...new Set(projections.flatMap((projection) => projection.streamTypes))];
  let after = 0;
  let replayed = 0;
  let batch: StoredEvent[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const streamType = batch[0].streamType;
    for (const projection of projections) if (projection.streamTypes.includes(streamType)) await projection.apply(tx, batch);
    batch = [];
  };
  for (;;) {
    // Not `readAll`: its horizon leaves out transactions this snapshot sees, whose rows it compares.
    const { rows } = await sql<EventRow>`
      select global_position, tx_id::text as tx_id, company_id, stream_id, stream_type, stream_version,
             type, data, metadata, recorded_at
      from events where global_position > ${after} and stream_type = any(${streamTypes}::text[])
        ${scope ? sql`and company_id = ${scope.companyId}::uuid and recorded_at <= ${scope.until}` : sql``}
      order by global_position limit ${pageSize}
    `.execute(tx);
    for (const event of rows.map(toStoredEvent)) {
      const last = batch[batch.length - 1];
      if (last && (last.txId !== event.txId || last.streamId !== event.streamId)) await flush();
      batch.push(event);
    }
    replayed += rows.length;
    if (rows.length < pageSize) break;
    after = Number(rows[rows.length - 1].global_position);
  }
  await flush();
  return replayed;
}

const sideOf = (table: RawBuilder<unknown>, owned: OwnedTable) =>
  owned.columns ? sql`select ${list([...owned.key, ...owned.columns])} from ${table}` : sql`select * from ${table}`;

async function compare(tx: Tx, schema: string, owned: OwnedTable): Promise<{ liveRows: number; rebuiltRows: number; differences: ProjectionDifference[] }> {
  const live = sql.table(`${schema}.${owned.table}`);
  const rebuilt = sql.table(`pg_temp.${owned.table}`);
  const joined = sql.join(
    owned.key.map((column) => sql`l.${ident(column)} = r.${ident(column)}`),
    sql` and `,
  );
  const order = sql.join(
    owned.key.map((column) => sql`coalesce(l.${ident(column)}, r.${ident(column)})`),
    sql`, `,
  );
  const { rows } = await sql<{ live: Record<string, unknown> | null; rebuilt: Record<string, unknown> | null }>`
    with l as (${sideOf(live, owned)}), r as (${sideOf(rebuilt, owned)})
    select to_jsonb(l) as live, to_jsonb(r) as rebuilt from l full join r on ${joined}
    where to_jsonb(l) is distinct from to_jsonb(r)
    order by ${order}
  `.execute(tx);
  const counts = await sql<{ live: string; rebuilt: string }>`
    select (select count(*) from ${live}) as live, (select count(*) from ${rebuilt}) as rebuilt
  `.execute(tx);
  const differences: ProjectionDifference[] = [];
  for (const row of rows) {
    const either = (row.live ?? row.rebuilt) as Record<string, unknown>;
    const key = Object.fromEntries(owned.key.map((column) => [column, either[column]]));
    const base = { projection: owned.projection, table: owned.table, key };
    if (!row.live || !row.rebuilt) {
      differences.push({ ...base, live: row.live ?? undefined, rebuilt: row.rebuilt ?? undefined });
      continue;
    }
    for (const column of Object.keys(row.live)) {
      const [liveValue, rebuiltValue] = [row.live[column], row.rebuilt[column]];
      if (JSON.stringify(liveValue) !== JSON.stringify(rebuiltValue)) differences.push({ ...base, column, live: liveValue, rebuilt: rebuiltValue });
    }
  }
  return { liveRows: Number(counts.rows[0].live), rebuiltRows: Number(counts.rows[0].rebuilt), differences };
}

/**
 * Checks that the inline read models equal a rebuild from the log: in one transaction that is
 * rolled back, so it never changes live data, every owned table (`InlineProjection.tables`) is
 * rebuilt in an empty copy by replaying every event of the projections' stream types through
 * `apply`, the code the append runs, and compared row by row, column by column with the live one.
 * All projections replay together in the log's order (`global_position`: each stream's versions
 * in order, and a later request's events after an earlier one's), an append's events as one batch,
 * as the appends ran them. Reactions (no tables) are not replayed: the facts they appended are in
 * the log. One snapshot (repeatable read) holds the log and the tables, and the live tables are
 * only read, so it may run beside live traffic; every company's rows are covered (the platform's
 * role, no tenant).
 */
export async function checkProjections(db: Db, projections: readonly InlineProjection[]): Promise<ProjectionCheck> {
  const owning = projections.filter((projection) => projection.tables.length > 0);
  const declared = ownedTables(owning);
  try {
    await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (tx) => {
        const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(tx);
        const schema = rows[0].schema;
        const owned: OwnedTable[] = [];
        for (const table of declared) owned.push({ ...table, key: await primaryKeyOf(tx, schema, table.table) });
        // The rebuilt tables are read and written unqualified by the projections: pg_temp first, said plainly.
        await sql`select set_config('search_path', 'pg_temp, ' || quote_ident(current_schema()), true)`.execute(tx);
        for (const table of owned) await shadow(tx, schema, table);
        const written = new Set(owning.flatMap((projection) => projection.alsoWrites ?? []));
        for (const table of written) if (!declared.some((owned) => owned.table === table)) await shadow(tx, schema, { table, columns: [] });
        const events = await replay(tx, owning);
        const check: ProjectionCheck = { events, tables: [], differences: [] };
        for (const table of owned) {
          const { liveRows, rebuiltRows, differences } = await compare(tx, schema, table);
          check.tables.push({ projection: table.projection, table: table.table, liveRows, rebuiltRows });
          check.differences.push(...differences);
        }
        throw new CheckDone(check);
      });
  } catch (error) {
    if (error instanceof CheckDone) return error.check;
    throw error;
  }
  throw new Error('The projection check ended without a result');
}

/**
 * Runs `work` on the read models as they stood at `until` for one company: in one tenant
 * transaction that is rolled back, every owned table is shadowed by an empty copy in `pg_temp`
 * (as `checkProjections` does) and the company's events recorded up to `until` are replayed into
 * them; `work` then reads the copies with its usual, unqualified queries. Tables no projection
 * owns (plain records) are read as they are now. Row-level security holds throughout: the copies
 * start from, and the replay reads, only the company's rows.
 */
export async function withReadModelsAsOf<T>(
  db: Db,
  companyId: string,
  until: Date,
  projections: readonly InlineProjection[],
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const owning = projections.filter((projection) => projection.tables.length > 0);
  const declared = ownedTables(owning);
  const rollback = new Error('replayed read models dropped');
  let result: { value: T } | undefined;
  try {
    await withTenant(db, companyId, async (tx) => {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(tx);
      const schema = rows[0].schema;
      await sql`select set_config('search_path', 'pg_temp, ' || quote_ident(current_schema()), true)`.execute(tx);
      for (const table of declared) await shadow(tx, schema, table);
      const written = new Set(owning.flatMap((projection) => projection.alsoWrites ?? []));
      for (const table of written) if (!declared.some((owned) => owned.table === table)) await shadow(tx, schema, { table, columns: [] });
      await replay(tx, owning, { companyId, until });
      result = { value: await work(tx) };
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback || !result) throw error;
  }
  if (!result) throw new Error('The replay ended without a result');
  return result.value;
}

/** One line per difference, for a log or a test's message. */
export function describeDifferences(differences: readonly ProjectionDifference[]): string[] {
  return differences.map((difference) => {
    const key = Object.values(difference.key).join('/');
    const where = `${difference.projection}: ${difference.table} ${key}`;
    if (difference.live === undefined) return `${where}: only in the rebuild`;
    if (difference.rebuilt === undefined) return `${where}: only live`;
    return `${where}.${difference.column}: live ${JSON.stringify(difference.live)}, rebuilt ${JSON.stringify(difference.rebuilt)}`;
  });
}
