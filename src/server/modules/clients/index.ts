import type { FastifyInstance } from 'fastify';
import { clientsRoutes } from './clients.routes.js';

export { findClient } from './clients.queries.js';

/**
 * The company's customer directory ("clients": the master user's "customers" are the companies),
 * a plain-record module like materials: rows in `clients`, each write recorded on the client's stream.
 */
export async function clientsModule(app: FastifyInstance) {
  await app.register(clientsRoutes);
}
