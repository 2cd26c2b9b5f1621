import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { MATERIAL_STREAM_TYPE, materialStreamId } from '../../../domain/materials/materials.events.js';
import { DomainError } from '../../../domain/shared/errors.js';
import type { Tx } from '../../platform/db.js';
import type { EventMetadata, EventStore } from '../../platform/event-store.js';
import { materialIsInProduction, type InProductionCheck, type MaterialsDeps } from './materials.handlers.js';
import { findMaterial } from './materials.queries.js';
import { materialsRoutes } from './materials.routes.js';

export { materialIsInProduction, type InProductionCheck } from './materials.handlers.js';
export { existingMaterialIds, findMaterial, loadBomGraph } from './materials.queries.js';
export type { MaterialRow } from './materials.table.js';

/** Pieces of a material to add to stock (positive) or take from it (negative). */
export interface StockMovement {
  materialId: string;
  quantity: number;
}

/**
 * Moves stock for another module's process (orders take and add stock as production flows), in
 * the caller's tenant transaction. Each change moves the material's version on (an edit form
 * loaded before shows stale stock and must reload) and appends `MaterialUpdated`. Rows are
 * locked in material id order, so two processes never deadlock. Stock never goes below zero:
 * STOCK_INSUFFICIENT, and the caller's transaction rolls back. A material deleted meanwhile is skipped.
 */
export async function moveStock(
  tx: Tx,
  eventStore: EventStore,
  actor: { companyId: string; metadata: EventMetadata; at: Date },
  movements: readonly StockMovement[],
): Promise<void> {
  const ordered = [...movements].filter((m) => m.quantity !== 0).sort((a, b) => (a.materialId < b.materialId ? -1 : a.materialId > b.materialId ? 1 : 0));
  for (const movement of ordered) {
    const moved = await tx
      .updateTable('materials')
      .set({ stock_quantity: sql`stock_quantity + ${movement.quantity}`, version: sql`version + 1`, updated_at: actor.at })
      .where('id', '=', movement.materialId)
      .where(sql`stock_quantity + ${movement.quantity}`, '>=', 0)
      .returning('id')
      .executeTakeFirst();
    const material = await findMaterial(tx, movement.materialId);
    if (!material) continue;
    if (!moved) {
      throw new DomainError('STOCK_INSUFFICIENT', [
        { path: 'stock', message: 'errors.STOCK_INSUFFICIENT', params: { materialName: material.name, stock: material.stock.quantity, quantity: -movement.quantity } },
      ]);
    }
    await eventStore.append(tx, {
      companyId: actor.companyId,
      streamId: materialStreamId(material.id),
      streamType: MATERIAL_STREAM_TYPE,
      expectedVersion: 'any',
      events: [{ type: 'MaterialUpdated', data: { material, changed: 'fields' } }],
      metadata: actor.metadata,
    });
  }
}

/** What other modules may ask of the materials module. */
export interface MaterialsService {
  /**
   * Installs the check behind MATERIAL_IN_PRODUCTION: the orders module answers whether an order
   * in production contains the material. Until then `materialIsInProduction` answers false.
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
    const deps: MaterialsDeps = { db: app.db, eventStore: app.eventStore, config: app.config, inProduction: materialIsInProduction };
    app.decorate('materials', {
      setInProductionCheck(check: InProductionCheck) {
        deps.inProduction = check;
      },
    });
    await app.register(async (scope) => materialsRoutes(scope, deps));
  },
  { name: 'materials' },
);
