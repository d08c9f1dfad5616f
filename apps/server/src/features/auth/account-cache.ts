import type { ActiveAccount } from './sessions.service.js';

/** How long a read may trust an account it looked up, in this process. */
export const ACCOUNT_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * Recently validated sessions with their users, so reads such as GET /auth/me need no query. Entries
 * live a few seconds; this process forgets a user's entries the moment it changes that user, and
 * other processes notice a change (a revoked session, a blacklisting) within the TTL.
 */
export class AccountCache {
  private readonly entries = new Map<string, { account: ActiveAccount; until: number }>();

  constructor(
    private readonly ttlMs = ACCOUNT_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get(sessionId: string): ActiveAccount | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    const time = this.now();
    if (entry.until <= time || entry.account.session.expiresAt.getTime() <= time) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry.account;
  }

  set(account: ActiveAccount): void {
    if (this.entries.size >= MAX_ENTRIES) {
      // Map keeps insertion order, so the first key is the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(account.session.id, { account, until: this.now() + this.ttlMs });
  }

  forgetUser(userId: string): void {
    for (const [sessionId, entry] of this.entries) {
      if (entry.account.user.id === userId) this.entries.delete(sessionId);
    }
  }
}
