import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MATERIAL_STREAM_TYPE } from '../../../domain/materials/materials.events.js';
import { defineModule, type ListPortValues, type Ports } from '../../platform/module.js';
import type { InProductionCheck } from './materials.handlers.js';
import { materialMediaRoutes } from './material-media.routes.js';
import { materialsRoutes } from './materials.routes.js';
import { materialsLiveRules } from './materials.live.js';

export { createMaterials, getMaterial, moveStock, updateMaterial, type InProductionCheck, type StockMovement } from './materials.handlers.js';
export { existingMaterialIds, findMaterial, loadBomGraph, manufacturingStepsAsOf, manufacturingStepsOf, materialIdsByNumber } from './materials.queries.js';
export type { MaterialRow } from './materials.tables.js';

declare module '../../platform/module.js' {
  interface Ports {
    /** Provided by orders: whether an order in production contains the material (MATERIAL_IN_PRODUCTION). */
    inProductionCheck: InProductionCheck;
  }
}

/** Materials (products, manufacturing parts, purchasing parts), their bills of materials and images. */
export const materialsModule = defineModule({
  name: 'materials',
  requires: ['inProductionCheck'],
  // Images and media count in the company's storage quota.
  collects: ['recordedFolders'],
  provides: {},
  contributes: { companyTables: [{ exported: ['material_components', 'material_media', 'materials'], notExported: [] }] },
  plugin: fp(
    async (app: FastifyInstance, { ports }: { ports: Pick<Ports, 'inProductionCheck'> & Pick<ListPortValues, 'recordedFolders'> }) => {
      const { recordedFolders } = ports;
      await app.register(async (scope) => materialsRoutes(scope, { config: app.config, inProduction: ports.inProductionCheck, recordedFolders }));
      // Media have a multipart parser of their own (a station field and a file of the media limit).
      await app.register(async (scope) => materialMediaRoutes(scope, { config: app.config, recordedFolders }));
    },
    { name: 'materials' },
  ),
  openApi: {
    tags: [{ name: 'materials', description: 'Materials with attributes, bills of materials, manufacturing steps, images and the CSV export.' }],
  },
  liveTopics: [MATERIAL_STREAM_TYPE],
  liveRules: materialsLiveRules,
});
