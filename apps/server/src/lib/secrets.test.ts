import { describe, expect, it } from 'vitest';
import {
  decryptSecret,
  deriveKey,
  encryptSecret,
  keyedHash,
  randomToken,
  sameSecret,
  sixDigitCode,
} from './secrets.js';

const key = deriveKey('s'.repeat(40), 'test');

describe('secrets', () => {
  it('derives a different key per purpose and per secret', () => {
    expect(deriveKey('s'.repeat(40), 'a').equals(deriveKey('s'.repeat(40), 'b'))).toBe(false);
    expect(deriveKey('s'.repeat(40), 'a').equals(deriveKey('t'.repeat(40), 'a'))).toBe(false);
  });

  it('makes 32-byte tokens and six-digit codes', () => {
    expect(randomToken()).toMatch(/^[\w-]{43}$/);
    expect(randomToken()).not.toBe(randomToken());
    for (let index = 0; index < 50; index += 1) expect(sixDigitCode()).toMatch(/^\d{6}$/);
  });

  it('hashes with a key, so the same code hashes differently under another key', () => {
    expect(keyedHash(key, '123456')).toBe(keyedHash(key, '123456'));
    expect(keyedHash(key, '123456')).not.toBe(keyedHash(deriveKey('o'.repeat(40), 'test'), '123456'));
  });

  it('compares secrets of any length without throwing', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abc', 'abd')).toBe(false);
    expect(sameSecret('abc', 'abcd')).toBe(false);
  });

  it('round-trips an encrypted secret and refuses a tampered one', () => {
    const sealed = encryptSecret(key, 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(encryptSecret(key, 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(decryptSecret(key, sealed)).toBe('JBSWY3DPEHPK3PXP');
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => decryptSecret(key, bytes.toString('base64url'))).toThrow();
    expect(() => decryptSecret(deriveKey('o'.repeat(40), 'test'), sealed)).toThrow();
  });
});
