import { describe, expect, it } from 'vitest';
import { mediaFileName, mediaTypeOf } from './material-media.schema.js';

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(values.flatMap((value) => (typeof value === 'string' ? [...value].map((c) => c.charCodeAt(0)) : [value])));

describe('mediaTypeOf', () => {
  it('knows PNG, JPEG, WebP and PDF by their first bytes', () => {
    expect(mediaTypeOf(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0))).toBe('image/png');
    expect(mediaTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(mediaTypeOf(bytes('RIFF', 1, 2, 3, 4, 'WEBPVP8 '))).toBe('image/webp');
    expect(mediaTypeOf(bytes('%PDF-1.7'))).toBe('application/pdf');
  });

  it('refuses anything else, a RIFF that is not WebP and a head too short to tell', () => {
    expect(mediaTypeOf(bytes('GIF89a'))).toBeUndefined();
    expect(mediaTypeOf(bytes('RIFF', 1, 2, 3, 4, 'WAVE'))).toBeUndefined();
    expect(mediaTypeOf(bytes('<svg'))).toBeUndefined();
    expect(mediaTypeOf(bytes(0x89, 'PN'))).toBeUndefined();
  });
});

describe('mediaFileName', () => {
  it('keeps the base name without control characters and quotes, at most 120 characters', () => {
    expect(mediaFileName('C:\\drawings\\frame "v2".pdf')).toBe('frame v2.pdf');
    expect(mediaFileName('../../etc/passwd')).toBe('passwd');
    expect(mediaFileName('a\u0000b\nc.png')).toBe('abc.png');
    expect(mediaFileName(`${'x'.repeat(200)}.png`)).toHaveLength(120);
    expect(mediaFileName(undefined)).toBe('file');
  });
});
