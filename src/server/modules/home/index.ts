import type { FastifyInstance } from 'fastify';
import { homeRoutes } from './home.routes.js';

/**
 * The home screen's one read: the boards of the orders, key-figures and interruptions modules at
 * once (docs/performance.md, Lighthouse). It owns no table and no event; registered after the
 * modules it reads.
 */
export async function homeModule(app: FastifyInstance) {
  await app.register(homeRoutes);
}
