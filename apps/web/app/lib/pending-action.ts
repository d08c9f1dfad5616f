import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { redirectToSignIn } from './redirect-to-sign-in';
import { useUser } from './user-store';

export const PENDING_ACTION_KEY = 'crossbuy:pendingAction';
/** An action older than this is forgotten: the shopper has moved on, and a late surprise would be worse. */
export const PENDING_ACTION_TTL_MS = 30 * 60_000;

/** What a visitor pressed before being sent to sign in, and what it needs to run once they are back. */
export type PendingActions = {
  add_to_wishlist: Record<string, never>;
  add_to_cart: { variantPath: string; quantity: number };
  buy_now: { variantPath: string; quantity: number };
  request_quotation: { variantPath: string; quantity: number; instructions: string };
};
export type PendingActionKind = keyof PendingActions;

type StoredAction = { kind: PendingActionKind; productId: string; args: unknown; createdAt: number };

function sessionStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

function readStored(storage: Storage): StoredAction | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(PENDING_ACTION_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { kind, productId, args, createdAt } = value as Record<string, unknown>;
    if (typeof kind !== 'string' || typeof productId !== 'string' || typeof createdAt !== 'number')
      return null;
    if (typeof args !== 'object' || args === null) return null;
    return { kind: kind as PendingActionKind, productId, args, createdAt };
  } catch {
    return null;
  }
}

/** Remembers one action (a newer one replaces an older one: only the last press is finished). */
export function rememberPendingAction<K extends PendingActionKind>(
  kind: K,
  productId: string,
  args: PendingActions[K],
  now = Date.now(),
): void {
  try {
    sessionStore()?.setItem(PENDING_ACTION_KEY, JSON.stringify({ kind, productId, args, createdAt: now }));
  } catch {
    // Storage full or disabled: the shopper comes back to the page and presses the button again.
  }
}

/**
 * The remembered `kind` action for `productId`, removed before it is returned so it runs once whoever
 * asks next; undefined when there is none. A stale or unreadable entry is dropped on the way.
 */
export function takePendingAction<K extends PendingActionKind>(
  kind: K,
  productId: string,
  now = Date.now(),
): PendingActions[K] | undefined {
  const storage = sessionStore();
  if (!storage) return undefined;
  const stored = readStored(storage);
  try {
    if (!stored || now - stored.createdAt > PENDING_ACTION_TTL_MS || now < stored.createdAt) {
      storage.removeItem(PENDING_ACTION_KEY);
      return undefined;
    }
    if (stored.kind !== kind || stored.productId !== productId) return undefined;
    storage.removeItem(PENDING_ACTION_KEY);
  } catch {
    return undefined;
  }
  return stored.args as PendingActions[K];
}

/**
 * For a visitor's press of a button that needs an account: remember the action with its arguments and
 * the page, then go to sign in. After sign-in the page comes back and `useResumePendingAction` runs it.
 */
export function useSignInToFinish(): <K extends PendingActionKind>(
  kind: K,
  productId: string,
  args: PendingActions[K],
) => void {
  const navigate = useNavigate();
  return useCallback(
    (kind, productId, args) => {
      rememberPendingAction(kind, productId, args);
      redirectToSignIn(navigate);
    },
    [navigate],
  );
}

/** Runs the remembered `kind` action for `productId` once a shopper is signed in on this page. */
export function useResumePendingAction<K extends PendingActionKind>(
  kind: K,
  productId: string,
  run: (args: PendingActions[K]) => void,
): void {
  const { signedIn } = useUser();
  const latestRun = useRef(run);
  latestRun.current = run;
  useEffect(() => {
    if (!signedIn) return;
    const args = takePendingAction(kind, productId);
    if (args) latestRun.current(args);
  }, [signedIn, kind, productId]);
}
