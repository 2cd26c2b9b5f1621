import { sql } from 'kysely';
import { CLIENT_STREAM_TYPE, clientStreamId, type ValidClient } from '../../../domain/clients/clients.schema.js';
import type { ClientView } from '../../../domain/clients/clients.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { recordEvents, type CommandContext } from '../../platform/command.js';
import { isUniqueViolation } from '../../platform/pg-errors.js';
import { findClient } from './clients.queries.js';
import './clients.tables.js';

const clientStream = (clientId: string) => ({ id: clientStreamId(clientId), type: CLIENT_STREAM_TYPE });
const clientNotFound = () => new DomainError('NOT_FOUND', [{ path: 'id', message: 'clients.validation.unknown' }]);
/** `clientNameIsUnique`: a name once per company, any case (the unique index also stops two writers at once). */
const nameTaken = () => new DomainError('DUPLICATE_VALUES', [{ path: 'name', message: 'errors.DUPLICATE_VALUES' }]);
const staleVersion = (expected: number) => new DomainError('CONFLICT_ERROR', [{ path: 'version', message: 'errors.CONFLICT_ERROR', params: { expected } }]);

const columnsOf = (client: ValidClient) => ({
  name: client.name,
  contact_person: client.contactPerson,
  email: client.email,
  phone: client.phone,
  delivery_address: JSON.stringify(client.deliveryAddress),
  billing_address: JSON.stringify(client.billingAddress),
});

async function writeRow<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'clients_name_per_company')) throw nameTaken();
    throw error;
  }
}

async function nameMustBeFree(ctx: CommandContext, name: string, exceptId: string | null) {
  let query = ctx.tx
    .selectFrom('clients')
    .select('id')
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw nameTaken();
}

/** Adds a client (`ClientAdded`); answers it as the list shows it. */
export async function addClient(ctx: CommandContext, id: string, client: ValidClient): Promise<ClientView> {
  await nameMustBeFree(ctx, client.name, null);
  await writeRow(() =>
    ctx.tx
      .insertInto('clients')
      .values({ id, company_id: ctx.companyId, ...columnsOf(client), version: 1, created_at: ctx.now, updated_at: ctx.now })
      .execute(),
  );
  await recordEvents(ctx, clientStream(id), [{ type: 'ClientAdded', data: { clientId: id, ...client, at: ctx.at } }]);
  return { id, ...client, version: 1 };
}

/** Replaces a client if nobody changed it since `version` (`ClientChanged`); 409 CONFLICT_ERROR otherwise. */
export async function changeClient(ctx: CommandContext, id: string, client: ValidClient & { version: number }): Promise<ClientView> {
  const { version, ...content } = client;
  const before = await ctx.tx.selectFrom('clients').select('version').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!before) throw clientNotFound();
  if (before.version !== version) throw staleVersion(before.version);
  await nameMustBeFree(ctx, content.name, id);
  await writeRow(() =>
    ctx.tx
      .updateTable('clients')
      .set({ ...columnsOf(content), version: version + 1, updated_at: ctx.now })
      .where('id', '=', id)
      .execute(),
  );
  await recordEvents(ctx, clientStream(id), [{ type: 'ClientChanged', data: { clientId: id, ...content, at: ctx.at } }]);
  return { id, ...content, version: version + 1 };
}

/** Removes a client (`ClientRemoved`); orders that named it keep their name and address (copied when made). */
export async function removeClient(ctx: CommandContext, id: string): Promise<void> {
  if (!(await findClient(ctx.tx, id))) throw clientNotFound();
  await ctx.tx.deleteFrom('clients').where('id', '=', id).execute();
  await recordEvents(ctx, clientStream(id), [{ type: 'ClientRemoved', data: { clientId: id, at: ctx.at } }]);
}
