import { describe, expect, it } from 'vitest';
import { compareCursors, decodeCursor, encodeCursor } from './live.js';

describe('decodeCursor', () => {
  it('reads txId.position and writes it back the same', () => {
    expect(decodeCursor('812.40')).toEqual({ txId: '812', position: 40 });
    expect(encodeCursor({ txId: '812', position: 40 })).toBe('812.40');
  });

  it('takes the largest xid8 and refuses one beyond it', () => {
    expect(decodeCursor('18446744073709551615.1')).toEqual({ txId: '18446744073709551615', position: 1 });
    expect(decodeCursor('18446744073709551616.1')).toBeUndefined();
    expect(decodeCursor('99999999999999999999.1')).toBeUndefined();
  });

  it('refuses a position beyond what a number holds exactly, and anything not two numbers', () => {
    expect(decodeCursor('1.9999999999999999')).toBeUndefined();
    expect(decodeCursor('yesterday')).toBeUndefined();
    expect(decodeCursor('1.-2')).toBeUndefined();
    expect(decodeCursor('')).toBeUndefined();
  });

  it('orders cursors by transaction, then position', () => {
    expect(compareCursors({ txId: '9', position: 100 }, { txId: '10', position: 1 })).toBe(-1);
    expect(compareCursors({ txId: '10', position: 2 }, { txId: '10', position: 1 })).toBe(1);
  });
});
