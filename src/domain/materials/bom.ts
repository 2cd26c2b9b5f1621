import { DomainError } from '../shared/errors.js';
import { fromCents, toCents } from '../shared/decimal.js';
import type { BomNodeView, Component, MaterialType } from './materials.schema.js';

/** What the bill of materials needs to know about one material. */
export interface BomMaterial {
  id: string;
  type: MaterialType;
  name: string;
  materialNumber: string;
  netPrice: number | null;
  components: readonly Component[];
}

/** A tree beyond this many nodes is refused rather than built (shared sub-assemblies multiply). */
export const BOM_MAX_NODES = 10_000;

/**
 * The rule "a material can never contain itself": if `materialId` got `components`, would any of
 * them lead back to it, at any depth? Answers the shortest such path (first and last element are
 * `materialId`), or undefined when there is none. `componentsOf` answers the stored components of
 * any other material (undefined for one it does not know, which then leads nowhere).
 */
export function findBomCycle(
  materialId: string,
  components: readonly Component[],
  componentsOf: (id: string) => readonly Component[] | undefined,
): string[] | undefined {
  const cameFrom = new Map<string, string>();
  const queue: string[] = [];
  for (const component of components) {
    if (component.materialId === materialId) return [materialId, materialId];
    if (!cameFrom.has(component.materialId)) {
      cameFrom.set(component.materialId, materialId);
      queue.push(component.materialId);
    }
  }
  // Breadth first, so the path named in the error is the shortest one.
  for (let next = 0; next < queue.length; next++) {
    const current = queue[next];
    for (const component of componentsOf(current) ?? []) {
      if (component.materialId === materialId) return pathBack(current, cameFrom, materialId);
      if (!cameFrom.has(component.materialId)) {
        cameFrom.set(component.materialId, current);
        queue.push(component.materialId);
      }
    }
  }
  return undefined;
}

function pathBack(last: string, cameFrom: ReadonlyMap<string, string>, root: string): string[] {
  const path = [last];
  let step = last;
  while (step !== root) {
    step = cameFrom.get(step)!;
    path.unshift(step);
  }
  return [...path, root];
}

/**
 * Explodes the bill of materials of `rootId` into a tree: each node's `totalQuantity` is the
 * product of the quantities from the root down, and `rolledUpNetPrice` is the net price of one
 * piece summed from its components (quantity x their rolled-up price) or, for a material without
 * components, its own net price. A missing net price counts as 0 and clears `priceComplete`.
 * Sums are taken in cents, so 3 x 0.10 is 0.30 exactly.
 */
export function explodeBom(rootId: string, materials: ReadonlyMap<string, BomMaterial>, maxNodes = BOM_MAX_NODES): BomNodeView {
  let nodes = 0;
  const visit = (id: string, quantity: number, parentTotal: number, ancestors: readonly string[]): { node: BomNodeView; cents: number } => {
    const material = materials.get(id);
    if (!material) throw new Error(`explodeBom: material ${id} was not loaded`);
    if (ancestors.includes(id)) throw new DomainError('BOM_CYCLE', [{ path: 'components', message: 'errors.BOM_CYCLE', params: { materialId: id } }]);
    if (++nodes > maxNodes) throw new DomainError('BOM_TOO_LARGE', [{ path: 'components', message: 'errors.BOM_TOO_LARGE', params: { max: maxNodes } }]);
    const totalQuantity = parentTotal * quantity;
    const children = material.components.map((component) => visit(component.materialId, component.quantity, totalQuantity, [...ancestors, id]));
    const isLeaf = children.length === 0;
    const cents = isLeaf ? toCents(material.netPrice ?? 0) : children.reduce((sum, child, index) => sum + material.components[index].quantity * child.cents, 0);
    const priceComplete = isLeaf ? material.netPrice !== null : children.every((child) => child.node.priceComplete);
    return {
      cents,
      node: {
        materialId: material.id,
        type: material.type,
        name: material.name,
        materialNumber: material.materialNumber,
        quantity,
        totalQuantity,
        netPrice: material.netPrice,
        rolledUpNetPrice: fromCents(cents),
        priceComplete,
        components: children.map((child) => child.node),
      },
    };
  };
  return visit(rootId, 1, 1, []).node;
}
