/** The customer directory's addresses (docs/clients.md): the list, a new client, one client (the order details link it). */
export const clientListHref = '/clients';
export const addClientHref = '/clients/add-client';
export const clientHref = (id: string) => `/clients/edit-client/${encodeURIComponent(id)}`;
