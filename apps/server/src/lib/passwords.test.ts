import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';

describe('verifyPassword', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Secret-123');
    expect(await verifyPassword(hash, 'Secret-123')).toBe(true);
    expect(await verifyPassword(hash, 'Secret-124')).toBe(false);
  });

  it('refuses when there is no account, after doing the same work', async () => {
    expect(await verifyPassword(undefined, 'no-such-account-placeholder')).toBe(false);
  });

  it('answers every one of a burst of checks, however few run at once', async () => {
    const hash = await hashPassword('Secret-123');
    const checks = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        verifyPassword(hash, index % 2 === 0 ? 'Secret-123' : 'Wrong-1'),
      ),
    );
    expect(checks).toEqual(Array.from({ length: 12 }, (_, index) => index % 2 === 0));
  });

  it('refuses a stored value that is not a hash instead of failing', async () => {
    expect(await verifyPassword('not-a-usable-hash', 'Secret-123')).toBe(false);
  });
});
