import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Streams an upload through `checks` (type sniffing, size limits) into a new file (`wx`). When it fails, it returns
 * only once the file is closed: the file may still be opening when the upload fails early, and a removal before
 * then would find nothing and leave the empty file behind.
 */
export async function writeUpload(upload: Readable, checks: Transform, file: string): Promise<void> {
  const out = createWriteStream(file, { flags: 'wx' });
  try {
    await pipeline(upload, checks, out);
  } catch (error) {
    if (!out.closed) await once(out, 'close').catch(() => undefined);
    throw error;
  }
}
