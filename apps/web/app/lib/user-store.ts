import type { CurrentUser, Gender, Profile as UserProfile } from '@crossbuy/core/validation';
import { createContext, useContext } from 'react';
import { clearErrorSlots } from './error-slots';
import { createStore, sameFields, useStoreSelection } from './store';

/** The signed-in user's own account as the API returns it (core's profileSchema, docs/rules/accounts.md). */
export type { CurrentUser, Gender, UserProfile };

export type UserState = CurrentUser & {
  profileFetched: boolean;
  /**
   * This visitor has just signed out here, by choice: a page that needs an account sends them home,
   * not to sign in again, should it still be on screen when the sign-out ends.
   */
  leftByChoice?: boolean;
};

const signedOut: UserState = { signedIn: false, tfaPassed: false, profile: null, profileFetched: false };

export const userStore = createStore<UserState>(signedOut);

/**
 * Who the server rendered the page for (the root loader's `GET /auth/me`). It stands for the user until
 * the store is first set, so the server's HTML and the first render in the browser show the shopper.
 */
export const PageUserContext = createContext<CurrentUser | null>(null);

/**
 * The current user. A component renders again only when what it is shown changes: the page starts by
 * putting its own user in the store, then `GET /auth/me` answers with the same one, and neither should
 * re-render the header and every form that asks who is signed in.
 */
export function useUser(): UserState {
  const pageUser = useContext(PageUserContext);
  return useStoreSelection(
    userStore,
    (state) => (state === userStore.initial && pageUser ? { ...pageUser, profileFetched: true } : state),
    sameUserState,
  );
}

/** Whether two states show the same user: the same session flags and the same profile, field by field. */
export function sameUserState(a: UserState, b: UserState): boolean {
  return (
    a.signedIn === b.signedIn &&
    a.tfaPassed === b.tfaPassed &&
    a.profileFetched === b.profileFetched &&
    a.leftByChoice === b.leftByChoice &&
    (a.profile === null || b.profile === null ? a.profile === b.profile : sameFields(a.profile, b.profile))
  );
}

export function setCurrentUser({ signedIn, tfaPassed, profile }: CurrentUser): void {
  userStore.set({ signedIn, tfaPassed, profile, profileFetched: true });
}

/** Replaces the profile after a change the server confirmed, keeping the session state. */
export function setProfile(profile: UserProfile): void {
  userStore.set((current) => ({ ...current, profile }));
}

/** Two-factor is on for this account but this session has not passed it yet. */
export function needsTwoFactor({ signedIn, tfaPassed, profile }: CurrentUser): boolean {
  return signedIn && !tfaPassed && profile?.tfaEnabled === true;
}

/**
 * While a sign-out is under way nobody is signed in, yet nobody is known to be a visitor either: pages
 * neither load signed-in data (whose cookies are about to go) nor send the shopper to sign in.
 */
export function markSigningOut(): void {
  // A copy: the store's initial state would let the page's user stand in again.
  userStore.set({ ...signedOut });
}

/**
 * Sign-out resets all user state, including failures of calls made for the previous user. The answer
 * to "who is this?" is then known (a visitor), so signed-in pages send the shopper on at once instead
 * of waiting for a GET /auth/me that nobody makes: home after a sign-out the shopper asked for, to sign
 * in when the session ended by itself.
 */
export function resetUserState({ leftByChoice = false }: { leftByChoice?: boolean } = {}): void {
  userStore.set({ ...signedOut, profileFetched: true, leftByChoice });
  clearErrorSlots(['cart', 'quotationItem', 'currentUser', 'twoFactorVerification', 'profileUpdate']);
}
