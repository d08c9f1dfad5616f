import { clearErrorSlots } from './error-slots';
import { createStore, useStore } from './store';

/** The profile fields the shell needs; the accounts work adds the rest of the user (spec section 3). */
export type UserProfile = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
};

export type UserState = {
  signedIn: boolean;
  tfaPassed: boolean;
  profile: UserProfile | null;
  profileFetched: boolean;
};

const signedOut: UserState = { signedIn: false, tfaPassed: false, profile: null, profileFetched: false };

export const userStore = createStore<UserState>(signedOut);

export function useUser(): UserState {
  return useStore(userStore);
}

/** Sign-out resets all user state, including failures of calls made for the previous user. */
export function resetUserState(): void {
  userStore.set(signedOut);
  clearErrorSlots(['cart', 'quotationItem', 'currentUser', 'twoFactorVerification', 'profileUpdate']);
}
