import { describe, expect, it } from 'vitest';
import { orderStatuses } from '../../../domain/orders/order.schema';
import { progressOf, stepOfStatus, stepsOf } from './order-progress';

const states = (order: Parameters<typeof progressOf>[0]) => progressOf(order).map(({ step, state, status }) => [step, state, status]);

describe('the order stepper', () => {
  it('walks a customer order through the spec steps in the order it passes them', () => {
    expect(stepsOf('customer', false)).toEqual(['open', 'ordered', 'inProgress', 'readyToShip', 'dispatched', 'finished']);
    expect(states({ kind: 'customer', status: 'in-progress', stockOrder: false })).toEqual([
      ['open', 'done', null],
      ['ordered', 'done', null],
      ['inProgress', 'current', null],
      ['readyToShip', 'upcoming', null],
      ['dispatched', 'upcoming', null],
      ['finished', 'upcoming', null],
    ]);
  });

  it('names a status between two steps under the step it has reached', () => {
    expect(states({ kind: 'customer', status: 'ready-for-dispatch', stockOrder: false })[3]).toEqual(['readyToShip', 'current', 'ready-for-dispatch']);
    expect(states({ kind: 'customer', status: 'delivered', stockOrder: false })[4]).toEqual(['dispatched', 'current', 'delivered']);
    expect(states({ kind: 'production', status: 'ready-to-use', stockOrder: false })).toEqual([
      ['open', 'done', null],
      ['inProgress', 'done', null],
      ['finished', 'current', 'ready-to-use'],
    ]);
    expect(states({ kind: 'logistics', status: 'delivered', stockOrder: false }).at(-1)).toEqual(['finished', 'current', 'delivered']);
  });

  it('leaves out shipping for a stock order and shows no current step once canceled', () => {
    expect(stepsOf('customer', true)).toEqual(['open', 'ordered', 'inProgress', 'finished']);
    expect(states({ kind: 'customer', status: 'ready-to-use', stockOrder: true }).at(-1)).toEqual(['finished', 'current', 'ready-to-use']);
    expect(progressOf({ kind: 'customer', status: 'canceled', stockOrder: false }).every((step) => step.state === 'upcoming')).toBe(true);
  });

  it('places every status a kind can reach on one of its steps', () => {
    for (const kind of ['customer', 'production', 'logistics'] as const) {
      for (const status of orderStatuses.filter((s) => s !== 'canceled' && s !== 'sent')) {
        const step = stepOfStatus(status, kind);
        expect(step).not.toBeNull();
      }
    }
  });
});
