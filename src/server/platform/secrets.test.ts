import { describe, expect, it } from 'vitest';
import { deriveKey, hashCode, hashToken, randomDigits, randomToken, sameDigest, seal, unseal } from './secrets.js';

const key = deriveKey('a-server-secret-that-is-long-enough-for-tests', 'email');

describe('sealing', () => {
  it('opens what it sealed, and never shows the plain text', () => {
    const sealed = seal(key, '042917');
    expect(sealed).not.toContain('042917');
    expect(unseal(key, sealed)).toBe('042917');
    expect(seal(key, '042917')).not.toBe(sealed);
  });

  it('refuses an altered text or another key', () => {
    const sealed = seal(key, 'reset-token');
    const altered = Buffer.from(sealed, 'base64url');
    altered[altered.length - 1] ^= 1;
    expect(() => unseal(key, altered.toString('base64url'))).toThrow();
    expect(() => unseal(deriveKey('a-server-secret-that-is-long-enough-for-tests', 'other'), sealed)).toThrow();
    expect(() => unseal(key, 'short')).toThrow();
  });
});

describe('tokens and codes', () => {
  it('makes 6-digit codes and long link tokens', () => {
    for (let i = 0; i < 50; i++) expect(randomDigits(6)).toMatch(/^\d{6}$/);
    expect(randomToken()).toMatch(/^[\w-]{43}$/);
  });

  it('hashes a code bound to its owner under a key', () => {
    const one = hashCode(key, 'user-1', '123456');
    expect(sameDigest(one, hashCode(key, 'user-1', '123456'))).toBe(true);
    expect(sameDigest(one, hashCode(key, 'user-2', '123456'))).toBe(false);
    expect(sameDigest(one, hashCode(deriveKey('another-secret-that-is-long-enough-too', 'x'), 'user-1', '123456'))).toBe(false);
    expect(hashToken('abc')).toMatch(/^[0-9a-f]{64}$/);
  });
});
