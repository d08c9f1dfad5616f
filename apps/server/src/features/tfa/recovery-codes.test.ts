import { normalizeRecoveryCode, RECOVERY_CODE_LENGTH } from '@crossbuy/core/validation';
import { describe, expect, it } from 'vitest';
import { newRecoveryCode, recoveryCodeHash, recoveryCodeKey } from './recovery-codes.js';

describe('recovery codes', () => {
  it('are twelve characters of the alphabet, already in their stored form', () => {
    for (let draw = 0; draw < 200; draw += 1) {
      const code = newRecoveryCode();
      expect(code).toHaveLength(RECOVERY_CODE_LENGTH);
      expect(normalizeRecoveryCode(code)).toBe(code);
    }
  });

  it('are hashed under a key of their own, and differently for each user', () => {
    const key = recoveryCodeKey('a-session-secret-long-enough-for-the-tests-0123');
    const code = 'ABCDEFGHJKMN';
    const hash = recoveryCodeHash(key, 'user-1', code);
    expect(hash).not.toContain(code);
    expect(recoveryCodeHash(key, 'user-1', code)).toBe(hash);
    expect(recoveryCodeHash(key, 'user-2', code)).not.toBe(hash);
    const otherStore = recoveryCodeKey('another-session-secret-long-enough-0123456789');
    expect(recoveryCodeHash(otherStore, 'user-1', code)).not.toBe(hash);
  });
});
