import { z } from 'zod';
import { orderLimits } from '../orders/order.schema.js';
import { optionalText, requiredText } from '../shared/validation.js';

/**
 * The company's customer directory ("clients" in code: the master user's "customers" are the
 * companies themselves). A client has a name, a contact person, email and phone, and a delivery and a
 * billing address; an order or a shipment form picks one to fill its name and address. Limits follow
 * the order's fields they fill (spec section 5, Order) and the company's contact fields.
 */
export const clientLimits = {
  name: orderLimits.name,
  contactPerson: 50,
  email: 50,
  phone: 15,
  street: orderLimits.street,
  houseNumber: orderLimits.houseNumber,
  zip: orderLimits.zip,
  place: orderLimits.place,
  addressSuffix: orderLimits.addressSuffix,
  country: orderLimits.country,
} as const;

/** The stream a client's changes are recorded on (the audit trail). */
export const CLIENT_STREAM_TYPE = 'client';
export const clientStreamId = (clientId: string) => `client-${clientId}`;

export const clientAddressSchema = z.object({
  addressSuffix: optionalText(clientLimits.addressSuffix),
  street: optionalText(clientLimits.street),
  houseNumber: optionalText(clientLimits.houseNumber),
  zip: optionalText(clientLimits.zip),
  place: optionalText(clientLimits.place),
  country: optionalText(clientLimits.country),
});
export type ClientAddress = z.output<typeof clientAddressSchema>;

/**
 * The name and address an order takes from a client (the order form's client picker, the orders
 * import): the delivery address, else the billing address when the delivery address is empty.
 */
export function orderAddressOfClient(client: { name: string; deliveryAddress: ClientAddress; billingAddress: ClientAddress }) {
  const delivery = client.deliveryAddress;
  const address = Object.values(delivery).some((part) => part !== '') ? delivery : client.billingAddress;
  return {
    name: client.name,
    street: address.street,
    houseNumber: address.houseNumber,
    addressSuffix: address.addressSuffix,
    zip: address.zip,
    place: address.place,
    country: address.country,
  };
}

const emptyAddress = { addressSuffix: '', street: '', houseNumber: '', zip: '', place: '', country: '' };

/** A client as the form sends it (POST /api/clients). */
export const clientInputSchema = z.object({
  name: requiredText(clientLimits.name),
  contactPerson: optionalText(clientLimits.contactPerson),
  email: optionalText(clientLimits.email).refine((value) => value === '' || z.email().safeParse(value).success, 'validation.email'),
  phone: optionalText(clientLimits.phone).refine((value) => value === '' || /^\+?[0-9][0-9 ()/.-]*$/.test(value), 'validation.phone'),
  deliveryAddress: clientAddressSchema.default(emptyAddress),
  billingAddress: clientAddressSchema.default(emptyAddress),
});
export type ClientInput = z.input<typeof clientInputSchema>;
export type ValidClient = z.output<typeof clientInputSchema>;

/** An edit (PUT /api/clients/{id}): the whole client and the version the form was loaded with (stale: 409). */
export const clientUpdateSchema = clientInputSchema.extend({ version: z.number().int().min(1) });

/** GET /api/clients: `q` searches the name and the contact person (any case). */
export const clientListQuerySchema = z.object({ q: z.string().trim().max(clientLimits.name).default('') });
