import { type Revocation, reaches } from './revocations.js';
import type { ActiveAccount } from './sessions.service.js';

/** How long a read may trust an account it looked up, in this process. */
export const ACCOUNT_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * Recently validated sessions with their users, so reads such as GET /auth/me need no query. Entries
 * live a few seconds. A revocation (sign-out, password change or reset, blacklisting, a role change) is
 * announced on the live bus and every process forgets the entries it names at once; a change nobody
 * announces (a profile edit made through another process) is noticed within the TTL.
 */
export class AccountCache {
  private readonly entries = new Map<string, { account: ActiveAccount; until: number }>();
  /** Bumped by every invalidation; a lookup that started before one must not cache what it found. */
  private generation = 0;

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

  /**
   * Taken before the database lookup whose result will be offered to {@link set}: a sign-out or other
   * change that lands while the lookup is in flight invalidates it, so the lookup cannot bring the ended
   * session back into the cache.
   */
  ticket(): number {
    return this.generation;
  }

  set(account: ActiveAccount, ticket: number): void {
    if (ticket !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) {
      // Map keeps insertion order, so the first key is the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(account.session.id, { account, until: this.now() + this.ttlMs });
  }

  forgetUser(userId: string): void {
    this.forget({ userId });
  }

  /**
   * Forgets the entries `revocation` reaches; every entry when it is undefined, as after a gap in what
   * the live bus heard, when this process cannot know what it missed.
   */
  forget(revocation: Revocation | undefined): void {
    this.generation += 1;
    if (!revocation) {
      this.entries.clear();
      return;
    }
    for (const [sessionId, entry] of this.entries) {
      if (reaches(revocation, entry.account.user.id, sessionId)) this.entries.delete(sessionId);
    }
  }
}
