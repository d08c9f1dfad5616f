import { describe, expect, it } from 'vitest';
import type { UserRow } from '../users/users.table.js';
import { AccountCache } from './account-cache.js';
import type { SessionRow } from './sessions.table.js';

function account(sessionId: string, userId: string, expiresAt = new Date(Date.now() + 60_000)) {
  return {
    session: { id: sessionId, userId, expiresAt } as SessionRow,
    user: { id: userId } as UserRow,
  };
}

describe('AccountCache', () => {
  it('keeps an account for its TTL only', () => {
    let now = Date.now();
    const cache = new AccountCache(1_000, () => now);
    cache.set(account('s1', 'u1'), cache.ticket());
    expect(cache.get('s1')?.user.id).toBe('u1');
    now += 1_000;
    expect(cache.get('s1')).toBeUndefined();
  });

  it('never serves a session past its own expiry', () => {
    const now = Date.now();
    const cache = new AccountCache(60_000, () => now);
    cache.set(account('s1', 'u1', new Date(now - 1)), cache.ticket());
    expect(cache.get('s1')).toBeUndefined();
  });

  it("forgets every session of a user, and only that user's", () => {
    const cache = new AccountCache();
    cache.set(account('s1', 'u1'), cache.ticket());
    cache.set(account('s2', 'u1'), cache.ticket());
    cache.set(account('s3', 'u2'), cache.ticket());
    cache.forgetUser('u1');
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s2')).toBeUndefined();
    expect(cache.get('s3')?.user.id).toBe('u2');
  });

  it('forgets one session when a revocation names it, and every entry when it names nobody', () => {
    const cache = new AccountCache();
    cache.set(account('s1', 'u1'), cache.ticket());
    cache.set(account('s2', 'u1'), cache.ticket());
    cache.set(account('s3', 'u2'), cache.ticket());
    cache.forget({ userId: 'u1', sessionId: 's1' });
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s2')?.user.id).toBe('u1');
    // A session id under another user's name reaches nothing.
    cache.forget({ userId: 'u1', sessionId: 's3' });
    expect(cache.get('s3')?.user.id).toBe('u2');
    cache.forget(undefined);
    expect(cache.get('s2')).toBeUndefined();
    expect(cache.get('s3')).toBeUndefined();
  });

  it('does not cache what a lookup found when everything was forgotten while it was in flight', () => {
    const cache = new AccountCache();
    const ticket = cache.ticket();
    cache.forget(undefined);
    cache.set(account('s1', 'u1'), ticket);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('does not cache what a lookup found when the user was forgotten while it was in flight', () => {
    const cache = new AccountCache();
    const ticket = cache.ticket();
    cache.forgetUser('u1');
    cache.set(account('s1', 'u1'), ticket);
    expect(cache.get('s1')).toBeUndefined();
    cache.set(account('s1', 'u1'), cache.ticket());
    expect(cache.get('s1')?.user.id).toBe('u1');
  });
});
