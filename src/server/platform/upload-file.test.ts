import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { writeUpload } from './upload-file.js';

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
