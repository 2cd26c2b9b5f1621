import type { ColumnType } from 'kysely';
import type { ClientAddress } from '../../../domain/clients/clients.schema.js';

/** jsonb: read as the address, written as its JSON text. */
type AddressColumn = ColumnType<ClientAddress, string, string>;

/** A client of the company's customer directory (docs/clients.md). */
export interface ClientsTable {
  id: string;
  company_id: string;
  name: string;
  contact_person: string;
  email: string;
  phone: string;
  delivery_address: AddressColumn;
  billing_address: AddressColumn;
  version: number;
  created_at: Date;
  updated_at: Date;
}

declare module '../../platform/db.js' {
  interface Tables {
    clients: ClientsTable;
  }
}
