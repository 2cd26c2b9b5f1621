import { describe, expect, it } from 'vitest';
import { imageTypeOf } from './material-image.files.js';

describe('image type by its bytes', () => {
  it('knows PNG and JPEG and nothing else', () => {
    expect(imageTypeOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(imageTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(imageTypeOf(Buffer.from('GIF89a'))).toBeUndefined();
    expect(imageTypeOf(Buffer.from([0x89, 0x50, 0x4e]))).toBeUndefined();
  });
});
