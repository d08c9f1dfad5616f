import { api } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';
import { clearErrorSlot, setErrorSlot } from '../../../lib/error-slots';
import { resetUserState, type UserProfile, userStore } from '../../../lib/user-store';

/** `GET /auth/me`; a visitor gets signedIn false, not an error. */
export type CurrentUser = { signedIn: boolean; tfaPassed: boolean; profile: UserProfile | null };

export type LoginRequest = { email: string; password: string; rememberme: boolean };

export async function loadCurrentUser(client: ApiClient = api): Promise<void> {
  clearErrorSlot('currentUser');
  try {
    const user = await client.get<CurrentUser>('/auth/me');
    userStore.set({
      signedIn: user.signedIn,
      tfaPassed: user.tfaPassed,
      profile: user.profile,
      profileFetched: true,
    });
  } catch (error) {
    setErrorSlot('currentUser', error);
  }
}

export async function signIn(request: LoginRequest, client: ApiClient = api): Promise<void> {
  clearErrorSlot('signIn');
  try {
    await client.post('/auth/login', request);
  } catch (error) {
    setErrorSlot('signIn', error);
    throw error;
  }
  await loadCurrentUser(client);
}

export async function signOut(client: ApiClient = api): Promise<void> {
  try {
    await client.delete('/auth/logout');
  } catch (error) {
    // The shopper asked to leave; local state is cleared whatever the server answered.
    console.warn('Sign-out request failed', error);
  } finally {
    resetUserState();
  }
}
