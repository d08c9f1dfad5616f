import { hash } from '@node-rs/argon2';

// The package's Algorithm enum is a const enum, which isolated modules cannot read; 2 is Argon2id.
const ARGON2ID = 2;
// OWASP's minimum for argon2id: 19 MiB of memory, two passes, one lane.
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}
