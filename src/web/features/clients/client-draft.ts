import { clientInputSchema, type ClientAddress, type ValidClient } from '../../../domain/clients/clients.schema';
import type { ClientView } from '../../../domain/clients/clients.views';
import { validateInput } from '../../lib/error-messages';

/** The client form as it is typed: every field a text, both addresses whole. */
export type ClientDraft = ValidClient;

const emptyAddress = (): ClientAddress => ({ addressSuffix: '', street: '', houseNumber: '', zip: '', place: '', country: '' });

export const emptyClientDraft = (): ClientDraft => ({
  name: '',
  contactPerson: '',
  email: '',
  phone: '',
  deliveryAddress: emptyAddress(),
  billingAddress: emptyAddress(),
});

/** The form of a stored client. */
export const clientDraftOf = (client: ClientView): ClientDraft => ({
  name: client.name,
  contactPerson: client.contactPerson,
  email: client.email,
  phone: client.phone,
  deliveryAddress: { ...client.deliveryAddress },
  billingAddress: { ...client.billingAddress },
});

/** Checks the draft with the schema the server uses (`clientInputSchema`). */
export const checkClient = (draft: ClientDraft) => validateInput(clientInputSchema, draft);

/** The address fields in the order the form shows them. */
export const addressFields = ['street', 'houseNumber', 'addressSuffix', 'zip', 'place', 'country'] as const satisfies readonly (keyof ClientAddress)[];
