import { z } from 'zod';

const addressView = z.object({
  addressSuffix: z.string(),
  street: z.string(),
  houseNumber: z.string(),
  zip: z.string(),
  place: z.string(),
  country: z.string(),
});

/** A client of the company's customer directory as every route answers it. */
export const clientViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  contactPerson: z.string(),
  email: z.string(),
  phone: z.string(),
  deliveryAddress: addressView,
  billingAddress: addressView,
  /** Counts the edits; a PUT names the version it was loaded with. */
  version: z.number().int(),
});
export type ClientView = z.infer<typeof clientViewSchema>;

/** GET /api/clients: the company's clients by name. */
export const clientListSchema = z.object({ data: z.array(clientViewSchema) });
export type ClientList = z.infer<typeof clientListSchema>;
