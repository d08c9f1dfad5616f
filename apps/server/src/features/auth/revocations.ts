import type { Database } from '../../db/client.js';
import { type LivePayload, publishLive } from '../../plugins/live-bus.js';

/**
 * Announcements that what a user may do shrank (docs/decisions/0060): every process forgets the accounts
 * it cached for them and checks again the live streams they hold open.
 */
export const REVOCATIONS_TOPIC = 'account:revoked';

/** Whose access shrank: one session of the user when `sessionId` is named, else every session of theirs. */
export type Revocation = { userId: string; sessionId?: string };

/**
 * Announces `revocation` to every process. `tx` is the transaction making the change, so it is heard only
 * once the change has committed, and the reads it prompts find the change.
 */
export function announceRevocation(tx: Database, revocation: Revocation): Promise<void> {
  const { userId, sessionId } = revocation;
  return publishLive(tx, REVOCATIONS_TOPIC, sessionId === undefined ? { userId } : { userId, sessionId });
}

/**
 * The revocation a notification names, or undefined when it names none that can be trusted: after a gap
 * in what the bus heard (`null`) or a payload of another shape, a listener treats everyone as revoked.
 */
export function revocationOf(payload: LivePayload | null): Revocation | undefined {
  if (!payload || typeof payload.userId !== 'string') return undefined;
  const { userId, sessionId } = payload;
  return typeof sessionId === 'string' ? { userId, sessionId } : { userId };
}

/** Whether `revocation` (undefined: everyone's) reaches what `sessionId` of `userId` may do. */
export function reaches(revocation: Revocation | undefined, userId: string, sessionId: string): boolean {
  if (!revocation) return true;
  return revocation.userId === userId && (revocation.sessionId ?? sessionId) === sessionId;
}
