import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * A 32-byte key for one purpose, derived from the server secret (HKDF-SHA256), so one secret in
 * the configuration serves signing, sealing and code hashing without reusing a key.
 */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'shopfloor-console', purpose, 32));
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals a short secret (an email code, a link token) with AES-256-GCM: the event log carries the
 * sealed text, and only a holder of the key (the email job) can read it. Base64url of iv, tag, text.
 */
export function seal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Opens what `seal` produced with the same key; throws when the text was altered or the key differs. */
export function unseal(key: Buffer, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('Sealed text is too short');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** A random token for a link: 32 bytes, base64url. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** A random code of `digits` decimal digits, leading zeros kept. */
export const randomDigits = (digits: number): string => String(randomInt(0, 10 ** digits)).padStart(digits, '0');

/** Hash under which a high-entropy token is stored: SHA-256 is enough when the token itself cannot be guessed. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Hash of a low-entropy secret (a 6-digit code): keyed, so a copy of the table alone cannot be
 * brute-forced; bound to its owner so one code hash says nothing about another user's.
 */
export const hashCode = (key: Buffer, owner: string, code: string): string => createHmac('sha256', key).update(`${owner}:${code}`).digest('hex');

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
