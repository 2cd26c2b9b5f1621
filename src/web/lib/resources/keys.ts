/**
 * The root query keys of the resources several features read (stations, users, materials, orders): every query of a
 * resource starts with its root, so a change or a live event of the resource refreshes all of them, whichever
 * feature asked. Features build their own keys on these roots and never spell them again.
 */
export const stationsKey = ['stations'] as const;
export const usersKey = ['users'] as const;
export const materialsKey = ['materials'] as const;
export const ordersKey = ['orders'] as const;
/** The company's customer directory (`/api/clients`): its screens and the order and shipment forms' picker. */
export const clientsKey = ['clients'] as const;

/** One material as its screen and the station screen read it (`GET /api/materials/{id}`). */
export const materialDetailKey = (id: string) => [...materialsKey, 'detail', id] as const;

/** One order as its screens read it (`GET /api/orders/{id}`). */
export const orderDetailKey = (id: string) => [...ordersKey, 'detail', id] as const;

/** A station's worklist: an order query (order changes refresh it). */
export const worklistKey = (stationId: string) => [...ordersKey, 'worklist', stationId] as const;
