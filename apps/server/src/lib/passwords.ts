import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

// The package's Algorithm enum is a const enum, which isolated modules cannot read; 2 is Argon2id.
const ARGON2ID = 2;
// OWASP's minimum for argon2id: 19 MiB of memory, two passes, one lane.
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// Each hash or check holds its 19 MiB while it runs, and the thread pool runs four at once: a burst of
// sign-ins on a two-core machine raised resident memory by 76 MB while the hashes only queued for the CPU.
// No more at once than there are cores: the same throughput, half that memory (docs/decisions/0061).
const HASHES_AT_ONCE = availableParallelism();
let hashesRunning = 0;
const waitingForHash: (() => void)[] = [];

async function oneOfFewHashes<T>(work: () => Promise<T>): Promise<T> {
  if (hashesRunning < HASHES_AT_ONCE) hashesRunning += 1;
  else await new Promise<void>((resolve) => waitingForHash.push(resolve));
  try {
    return await work();
  } finally {
    // The place goes straight to the next in line, so a newcomer cannot take it first.
    const next = waitingForHash.shift();
    if (next) next();
    else hashesRunning -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return oneOfFewHashes(() => hash(password, ARGON2_OPTIONS));
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
    const matches = await oneOfFewHashes(() => verify(target, password));
    return storedHash !== undefined && matches;
  } catch {
    // A stored value that is not an argon2 hash (an account without a usable password) never matches.
    return false;
  }
}
