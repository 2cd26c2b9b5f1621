import { describe, expect, it } from 'vitest';
import { hasForbiddenCharacters } from '../../domain/shared/validation.js';
import { findForbiddenText } from './input-guard.js';

describe('the text rule', () => {
  it('refuses NUL and surrogates without their pair, and takes every real character', () => {
    expect(hasForbiddenCharacters('a\u0000b')).toBe(true);
    expect(hasForbiddenCharacters('\uD800')).toBe(true);
    expect(hasForbiddenCharacters('x\uDC00')).toBe(true);
    expect(hasForbiddenCharacters('\uDBFF\uDBFF\uDC00')).toBe(true);
    expect(hasForbiddenCharacters('Größe 😀 ÄÖÜ ß \u00A0 tab\tnewline\n')).toBe(false);
    expect(hasForbiddenCharacters('')).toBe(false);
  });
});

describe('findForbiddenText', () => {
  it('names the path of the first bad string, in objects and arrays, keys included', () => {
    expect(findForbiddenText({ name: 'ok', positions: [{ note: 'fine' }, { note: 'bad\u0000' }] })).toEqual(['positions', '1', 'note']);
    expect(findForbiddenText({ ['k\u0000']: 1 })).toEqual(['k\uFFFD']);
    expect(findForbiddenText('\uD800')).toEqual([]);
  });

  it('passes clean input, numbers, nulls and buffers', () => {
    expect(findForbiddenText({ a: 1, b: null, c: [true, 'x'], d: Buffer.from([0, 0xd8]) })).toBeUndefined();
    expect(findForbiddenText(undefined)).toBeUndefined();
  });
});
