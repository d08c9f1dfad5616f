import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

/** A key for one purpose, derived from SESSION_SECRET, so no key ever serves two purposes. */
export function deriveKey(sessionSecret: string, purpose: string): Buffer {
  return createHmac('sha256', sessionSecret).update(`crossbuy:${purpose}`).digest();
}

/** 32 random bytes as base64url: the opaque tokens handed to browsers and mailed in links. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Six random digits, leading zeros included, for codes a person types. */
export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/**
 * A keyed hash for stored secrets. A plain hash would do for 32-byte tokens, but a six-digit code
 * has only a million values, so a leaked table must not be enough to recover it.
 */
export function keyedHash(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM for secrets the server must read back (two-factor seeds); output is iv|tag|ciphertext. */
export function encryptSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function decryptSecret(key: Buffer, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}
