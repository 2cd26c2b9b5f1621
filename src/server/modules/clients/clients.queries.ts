import { sql, type Selectable } from 'kysely';
import type { ClientList, ClientView } from '../../../domain/clients/clients.views.js';
import type { Executor } from '../../platform/db.js';
import type { ClientsTable } from './clients.tables.js';
import './clients.tables.js';

const viewOf = (row: Selectable<ClientsTable>): ClientView => ({
  id: row.id,
  name: row.name,
  contactPerson: row.contact_person,
  email: row.email,
  phone: row.phone,
  deliveryAddress: row.delivery_address,
  billingAddress: row.billing_address,
  version: row.version,
});

/** The company's clients by name; `q` finds a name or contact person containing it (any case, `%` and `_` literal). */
export async function clientListOf(tx: Executor, q: string): Promise<ClientList> {
  let query = tx
    .selectFrom('clients')
    .selectAll()
    .orderBy(sql`lower(name)`)
    .orderBy('id');
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('contact_person', 'ilike', pattern)]));
  }
  return { data: (await query.execute()).map(viewOf) };
}

/** A client of the company; undefined when unknown or another company's. */
export async function findClient(tx: Executor, clientId: string): Promise<ClientView | undefined> {
  const row = await tx.selectFrom('clients').selectAll().where('id', '=', clientId).executeTakeFirst();
  return row ? viewOf(row) : undefined;
}

/** The company's clients whose names are among `names` (any case), by lower-case name; of two with one name, the first created. */
export async function clientsByName(tx: Executor, names: readonly string[]): Promise<Map<string, ClientView>> {
  const wanted = [...new Set(names.map((name) => name.trim().toLowerCase()).filter(Boolean))];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .selectFrom('clients')
    .selectAll()
    .where(sql<boolean>`lower(name) = any(${wanted}::text[])`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.name.toLowerCase(), viewOf(row)]));
}
