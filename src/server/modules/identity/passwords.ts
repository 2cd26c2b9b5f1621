import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is a const enum that the transpiler cannot inline from a declaration file: 2 = Argon2id.
const ARGON2ID = 2 as Algorithm;

/** argon2id with the OWASP minimum: 19 MiB of memory, 2 passes, 1 lane. */
const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, options);

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown user, invited user without
 * password) it verifies against a dummy hash, so both cases cost the same time and answer false.
 */
export async function passwordMatches(password: string, storedHash: string | null | undefined): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('no-such-user-placeholder');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
