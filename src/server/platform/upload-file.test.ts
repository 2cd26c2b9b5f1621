import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { receiveUpload, writeUpload, type UploadRules } from './upload-file.js';

const dir = mkdtempSync(path.join(tmpdir(), 'upload-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeUpload', () => {
  it('writes the upload through its checks into the file', async () => {
    const file = path.join(dir, 'kept');
    await writeUpload(Readable.from([Buffer.from('abc'), Buffer.from('def')]), new PassThrough(), file);
    expect(readFileSync(file, 'utf8')).toBe('abcdef');
  });

  it('fails only once its file is closed, so removing it then leaves nothing behind', async () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const file = path.join(dir, `refused-${attempt}`);
      // Refused before the file has opened: the quota check's error arrives with the first bytes.
      const refused = new PassThrough();
      refused.destroy(new Error('over the quota'));
      await expect(writeUpload(refused, new PassThrough(), file)).rejects.toThrow('over the quota');
      await rm(file, { force: true });
      // A file still opening would appear after the removal.
      await sleep(20);
      expect(existsSync(file)).toBe(false);
    }
  });

  it('refuses to overwrite a file that exists', async () => {
    const file = path.join(dir, 'kept');
    await expect(writeUpload(Readable.from([Buffer.from('x')]), new PassThrough(), file)).rejects.toThrow(/EEXIST/);
    expect(readFileSync(file, 'utf8')).toBe('abcdef');
  });
});

describe('receiveUpload', () => {
  const rules: UploadRules<'text/x-ab'> = {
    headBytes: 2,
    typeOf: (head) => (head.subarray(0, 2).toString() === 'ab' ? 'text/x-ab' : null),
    maxBytes: 10,
    unsupported: () => new Error('unsupported'),
    tooLarge: () => new Error('too large'),
    empty: () => new Error('empty'),
  };
  const bytes = (...chunks: string[]) => Readable.from(chunks.map((chunk) => Buffer.from(chunk)));
  const notTruncated = () => false;

  it('keeps an upload of a type taken in its place, counted, and a discard after it removes a new file', async () => {
    const place = { dir: path.join(dir, 'kept-upload', 'deeper'), name: 'file' };
    const received = await receiveUpload(bytes('ab', 'cdef'), notTruncated, { ...place, rules });
    expect(received).toMatchObject({ contentType: 'text/x-ab', size: 6 });
    await received.keep();
    expect(readFileSync(path.join(place.dir, 'file'), 'utf8')).toBe('abcdef');
    await received.discard();
    expect(existsSync(path.join(dir, 'kept-upload'))).toBe(false);
  });

  it('leaves nothing behind when it refuses: the type, the size, the quota, an empty file, a cut', async () => {
    const place = { dir: path.join(dir, 'refused-upload', 'deeper'), name: 'file' };
    await expect(receiveUpload(bytes('xy'), notTruncated, { ...place, rules })).rejects.toThrow('unsupported');
    await expect(receiveUpload(bytes('ab', '0123456789'), notTruncated, { ...place, rules })).rejects.toThrow('too large');
    const room = { bytes: 3, exceeded: () => new Error('over the quota') };
    await expect(receiveUpload(bytes('ab', 'cd'), notTruncated, { ...place, rules, room })).rejects.toThrow('over the quota');
    await expect(receiveUpload(bytes(), notTruncated, { ...place, rules })).rejects.toThrow('empty');
    await expect(receiveUpload(bytes('ab'), () => true, { ...place, rules })).rejects.toThrow('too large');
    expect(existsSync(path.join(dir, 'refused-upload'))).toBe(false);
  });

  it('names the file by its type, and a discard after keeping a replacement leaves it', async () => {
    const place = { dir: path.join(dir, 'replaced'), name: (type: string) => `logo.${type.split('-').pop()}`, replaces: true };
    const received = await receiveUpload(bytes('ab!'), notTruncated, { ...place, rules });
    await received.keep();
    await received.discard();
    expect(readFileSync(path.join(place.dir, 'logo.ab'), 'utf8')).toBe('ab!');
  });
});
