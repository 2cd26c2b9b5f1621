import { describe, expect, it } from 'vitest';
import { canonicalJson, idempotencyKeyProblem } from './idempotency.js';

describe('idempotency helpers', () => {
  it('writes the same JSON for the same body in any key order, and different JSON for different bodies', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}');
    expect(canonicalJson({ a: 1, b: undefined })).toBe(canonicalJson({ a: 1 }));
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson({ a: '1' })).not.toBe(canonicalJson({ a: 1 }));
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
  });

  it('takes 1 to 255 visible ASCII characters as a key', () => {
    for (const key of ['a', crypto.randomUUID(), 'k'.repeat(255), '!~{}[]"']) expect(idempotencyKeyProblem(key)).toBeUndefined();
    for (const key of ['', 'k'.repeat(256), 'with space', 'tab\there', 'schlüssel', 'line\nbreak']) {
      expect(idempotencyKeyProblem(key)).toBe('validation.idempotencyKey');
    }
  });
});
