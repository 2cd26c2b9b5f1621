import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
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

/** What one kind of upload takes: its types by their first bytes (never the name or the declared type) and its size. */
export interface UploadRules<Type extends string> {
  /** How many first bytes decide the type. */
  headBytes: number;
  typeOf(head: Buffer): Type | null | undefined;
  maxBytes: number;
  /** 415: bytes of no type taken. */
  unsupported(): Error;
  /** 413: more than `maxBytes`. */
  tooLarge(): Error;
  /** An upload of no bytes; without it, an empty file is unsupported. */
  empty?(): Error;
}

/** The room the company's storage quota left for this upload (a reservation's), and the refusal once it is passed. */
export interface UploadRoom {
  bytes: number;
  exceeded(): Error;
}

/**
 * Passes the bytes through while counting them, and decides the type from the first ones: the quota's room first,
 * then the size limit, then a type none of the rules' fails as soon as that is clear, so nothing more is written.
 */
function inspectUpload<Type extends string>(rules: UploadRules<Type>, room: UploadRoom | undefined) {
  let head = Buffer.alloc(0);
  let type: Type | null | undefined;
  let size = 0;
  const inspector = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (room && size > room.bytes) return done(room.exceeded());
      if (size > rules.maxBytes) return done(rules.tooLarge());
      if (!type) {
        head = Buffer.concat([head, chunk.subarray(0, rules.headBytes)]).subarray(0, rules.headBytes);
        type = rules.typeOf(head);
        if (!type && head.length >= rules.headBytes) return done(rules.unsupported());
      }
      done(null, chunk);
    },
    flush(done) {
      if (size === 0 && rules.empty) return done(rules.empty());
      done(type ? null : rules.unsupported());
    },
  });
  return { inspector, result: () => ({ type: type as Type, size }) };
}

/** An upload written beside its final place, waiting for the database to accept it. */
export interface ReceivedUpload<Type extends string> {
  contentType: Type;
  size: number;
  /** Moves the upload into its place (replacing a file there). */
  keep(): Promise<void>;
  /** Removes the upload (also once kept, unless it replaced a file), and the folders made for it while empty. */
  discard(): Promise<void>;
}

export interface ReceiveOptions<Type extends string> {
  /** The folder of the upload's final place (made when missing). */
  dir: string;
  /** The file's name there, or the name for its type (a logo is logo.png or logo.jpg). */
  name: string | ((type: Type) => string);
  /** The final place holds an older file the upload replaces (an image, a logo): a discard after `keep` leaves it. */
  replaces?: boolean;
  rules: UploadRules<Type>;
  /** The storage quota's room for this upload: the bytes stop with its refusal as soon as they pass it. */
  room?: UploadRoom;
}

/**
 * The one upload receiver of every upload route: streams the file to disk without holding it in memory, beside its
 * final place, checking as the bytes pass the quota's room, the size limit and the type by the first bytes. Refused
 * (or cut by the multipart parser at its own limit: `isTruncated`), nothing is left behind: the partial file and the
 * folders made for it go. Accepted, it waits for the caller's `keep()` (inside its transaction) or `discard()`.
 */
export async function receiveUpload<Type extends string>(
  upload: Readable,
  isTruncated: () => boolean,
  options: ReceiveOptions<Type>,
): Promise<ReceivedUpload<Type>> {
  const { dir, name } = options;
  const created = await mkdir(dir, { recursive: true });
  const partial = path.join(dir, `.upload-${randomUUID()}`);
  let kept: string | undefined;
  const discard = async () => {
    await rm(partial, { force: true });
    if (kept && !options.replaces) await rm(kept, { force: true });
    // Folders made for this upload go too, each only while empty (another upload may have started).
    for (let folder = dir; created && folder.startsWith(created); folder = path.dirname(folder)) {
      const removed = await rmdir(folder).then(
        () => true,
        () => false,
      );
      if (!removed) break;
    }
  };
  const { inspector, result } = inspectUpload(options.rules, options.room);
  try {
    await writeUpload(upload, inspector, partial);
    if (isTruncated()) throw options.rules.tooLarge();
  } catch (error) {
    await discard();
    throw error;
  }
  const { type, size } = result();
  return {
    contentType: type,
    size,
    async keep() {
      kept = path.join(dir, typeof name === 'string' ? name : name(type));
      await rename(partial, kept);
    },
    discard,
  };
}
