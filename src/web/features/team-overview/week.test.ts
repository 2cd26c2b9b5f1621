import { describe, expect, it } from 'vitest';
import { dayOf, weekOf } from './week';

describe('the overview week', () => {
  it('runs Monday to Sunday, also across a month end and from a Sunday', () => {
    expect(weekOf(new Date(2026, 2, 10, 9))).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    expect(weekOf(new Date(2026, 2, 15, 23))).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    expect(weekOf(new Date(2026, 3, 1))).toEqual({ from: '2026-03-30', to: '2026-04-05' });
    expect(dayOf(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});
