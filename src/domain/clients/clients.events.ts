import type { ClientAddress } from './clients.schema.js';

interface ClientContent {
  clientId: string;
  name: string;
  contactPerson: string;
  email: string;
  phone: string;
  deliveryAddress: ClientAddress;
  billingAddress: ClientAddress;
  at: string;
}

/** The facts of a client of the company's customer directory (a plain-record module: its rows in `clients`). */
export type ClientEvent =
  | { type: 'ClientAdded'; data: ClientContent }
  | { type: 'ClientChanged'; data: ClientContent }
  | { type: 'ClientRemoved'; data: { clientId: string; at: string } };
