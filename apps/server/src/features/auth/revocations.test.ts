import { describe, expect, it } from 'vitest';
import { reaches, revocationOf } from './revocations.js';

describe('revocations', () => {
  it('reads the user and the session a payload names', () => {
    expect(revocationOf({ userId: 'u1' })).toEqual({ userId: 'u1' });
    expect(revocationOf({ userId: 'u1', sessionId: 's1' })).toEqual({ userId: 'u1', sessionId: 's1' });
  });

  it('names nobody after a gap in what the bus heard or for a payload of another shape', () => {
    expect(revocationOf(null)).toBeUndefined();
    expect(revocationOf({})).toBeUndefined();
    expect(revocationOf({ sessionId: 's1' })).toBeUndefined();
  });

  it('reaches every session of the user, or the one it names', () => {
    expect(reaches({ userId: 'u1' }, 'u1', 's1')).toBe(true);
    expect(reaches({ userId: 'u1' }, 'u2', 's1')).toBe(false);
    expect(reaches({ userId: 'u1', sessionId: 's1' }, 'u1', 's1')).toBe(true);
    expect(reaches({ userId: 'u1', sessionId: 's1' }, 'u1', 's2')).toBe(false);
    expect(reaches({ userId: 'u1', sessionId: 's1' }, 'u2', 's1')).toBe(false);
  });

  it('reaches everyone when it names nobody', () => {
    expect(reaches(undefined, 'u1', 's1')).toBe(true);
  });
});
