import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { materialIsInProduction, type InProductionCheck, type MaterialsDeps } from './materials.handlers.js';
import { materialMediaRoutes } from './material-media.routes.js';
import { materialsRoutes } from './materials.routes.js';

export { materialIsInProduction, moveStock, type InProductionCheck, type StockMovement } from './materials.handlers.js';
export { existingMaterialIds, findMaterial, loadBomGraph } from './materials.queries.js';
export type { MaterialRow } from './materials.tables.js';

/** What other modules may ask of the materials module. */
export interface MaterialsService {
  /**
   * Installs the check behind MATERIAL_IN_PRODUCTION: the orders module answers whether an order
   * in production contains the material. Until then `materialIsInProduction` refuses every deletion (fails closed).
   */
  setInProductionCheck(check: InProductionCheck): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    materials: MaterialsService;
  }
}

/**
 * Materials (products, manufacturing parts, purchasing parts), their bills of materials and images.
 * Registered without encapsulation so `app.materials` is visible to modules registered after it.
 */
export const materialsModule = fp(
  async (app: FastifyInstance) => {
    const deps: MaterialsDeps = { config: app.config, inProduction: materialIsInProduction };
    app.decorate('materials', {
      setInProductionCheck(check: InProductionCheck) {
        deps.inProduction = check;
      },
    });
    await app.register(async (scope) => materialsRoutes(scope, deps));
    // Media have a multipart parser of their own (a station field and a file of the media limit).
    await app.register(async (scope) => materialMediaRoutes(scope, { config: app.config }));
  },
  { name: 'materials' },
);
