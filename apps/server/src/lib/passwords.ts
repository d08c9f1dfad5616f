import { hash, verify } from '@node-rs/argon2';

// The package's Algorithm enum is a const enum, which isolated modules cannot read; 2 is Argon2id.
const ARGON2ID = 2;
// OWASP's minimum for argon2id: 19 MiB of memory, two passes, one lane.
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (no such account) it verifies against a
 * throw-away hash instead, so an unknown email costs the same time as a wrong password.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('no-such-account-placeholder');
  const target = storedHash ?? (await dummyHash);
  try {
    const matches = await verify(target, password);
    return storedHash !== undefined && matches;
  } catch {
    // A stored value that is not an argon2 hash (an account without a usable password) never matches.
    return false;
  }
}
