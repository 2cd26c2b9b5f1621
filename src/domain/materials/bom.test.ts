import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.js';
import { explodeBom, findBomCycle, type BomMaterial } from './bom.js';
import type { Component } from './materials.schema.js';

const part = (id: string, netPrice: number | null, components: Component[] = []): BomMaterial => ({
  id,
  type: components.length ? 'manufacturing_part' : 'purchasing_part',
  name: id,
  materialNumber: `M-${id}`,
  netPrice,
  components,
});
const uses = (materialId: string, quantity = 1): Component => ({ materialId, quantity });

const catalogue = (...materials: BomMaterial[]) => new Map(materials.map((m) => [m.id, m]));
const componentsIn = (materials: Map<string, BomMaterial>) => (id: string) => materials.get(id)?.components;

describe('a material can never contain itself', () => {
  it('finds itself as its own component (depth 1)', () => {
    expect(findBomCycle('frame', [uses('frame')], () => undefined)).toEqual(['frame', 'frame']);
  });

  it('finds itself through one component (depth 2)', () => {
    const stored = catalogue(part('wheel', 5, [uses('frame')]));
    expect(findBomCycle('frame', [uses('wheel')], componentsIn(stored))).toEqual(['frame', 'wheel', 'frame']);
  });

  it('finds itself four levels down and names the shortest way there', () => {
    const stored = catalogue(
      part('a', 1, [uses('b'), uses('x')]),
      part('b', 1, [uses('c')]),
      part('c', 1, [uses('bike')]),
      part('x', 1, [uses('y')]),
      part('y', 1, [uses('z')]),
      part('z', 1, [uses('c')]),
    );
    expect(findBomCycle('bike', [uses('a')], componentsIn(stored))).toEqual(['bike', 'a', 'b', 'c', 'bike']);
  });

  it('allows a shared sub-assembly used on two branches (a diamond is no cycle)', () => {
    const stored = catalogue(part('left', 1, [uses('screw')]), part('right', 1, [uses('screw')]), part('screw', 0.1));
    expect(findBomCycle('bike', [uses('left'), uses('right')], componentsIn(stored))).toBeUndefined();
  });

  it('is not fooled by a cycle elsewhere that does not pass through the material', () => {
    const stored = catalogue(part('p', 1, [uses('q')]), part('q', 1, [uses('p')]));
    expect(findBomCycle('bike', [uses('p')], componentsIn(stored))).toBeUndefined();
  });
});

describe('exploding the bill of materials', () => {
  const bike = catalogue(
    part('bike', 999, [uses('wheel', 2), uses('frame', 1)]),
    part('wheel', null, [uses('spoke', 32), uses('rim', 1)]),
    part('spoke', 0.1),
    part('rim', 12.5),
    part('frame', 80, [uses('screw', 4)]),
    part('screw', 0.05),
  );

  it('multiplies quantities down the levels', () => {
    const tree = explodeBom('bike', bike);
    const wheel = tree.components[0];
    expect(wheel).toMatchObject({ materialId: 'wheel', quantity: 2, totalQuantity: 2 });
    expect(wheel.components.map((c) => [c.materialId, c.quantity, c.totalQuantity])).toEqual([
      ['spoke', 32, 64],
      ['rim', 1, 2],
    ]);
    expect(tree.components[1].components[0]).toMatchObject({ materialId: 'screw', quantity: 4, totalQuantity: 4 });
  });

  it('rolls the net price up from the leaves, in exact cents', () => {
    const tree = explodeBom('bike', bike);
    // wheel = 32 x 0.10 + 12.50 = 15.70; frame = 4 x 0.05 = 0.20; bike = 2 x 15.70 + 0.20 = 31.60
    expect(tree.components[0].rolledUpNetPrice).toBe(15.7);
    expect(tree.components[1].rolledUpNetPrice).toBe(0.2);
    expect(tree.rolledUpNetPrice).toBe(31.6);
    expect(tree.netPrice).toBe(999);
    expect(tree.quantity).toBe(1);
    expect(tree.priceComplete).toBe(true);
  });

  it('counts a leaf without a net price as 0 and says the price is incomplete', () => {
    const tree = explodeBom('kit', catalogue(part('kit', null, [uses('nut', 3), uses('sample', 1)]), part('nut', 0.3), part('sample', null)));
    expect(tree.rolledUpNetPrice).toBe(0.9);
    expect(tree.priceComplete).toBe(false);
    expect(tree.components[0].priceComplete).toBe(true);
  });

  it('gives a material without components its own price', () => {
    expect(explodeBom('rim', bike)).toMatchObject({ rolledUpNetPrice: 12.5, totalQuantity: 1, components: [] });
  });

  it('refuses a tree beyond the node limit instead of building it', () => {
    expect(() => explodeBom('bike', bike, 5)).toThrow(DomainError);
    expect(() => explodeBom('bike', bike, 5)).toThrow(expect.objectContaining({ code: 'BOM_TOO_LARGE' }));
  });

  it('stops with BOM_CYCLE if stored data ever held a cycle', () => {
    const broken = catalogue(part('a', 1, [uses('b')]), part('b', 1, [uses('a')]));
    expect(() => explodeBom('a', broken)).toThrow(expect.objectContaining({ code: 'BOM_CYCLE' }));
  });
});
