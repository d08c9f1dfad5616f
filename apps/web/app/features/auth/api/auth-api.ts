import type {
  ChangePasswordOutput,
  LoginOutput,
  RegisterOutput,
  ResetPasswordOutput,
} from '@crossbuy/core/validation';
import { api } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';
import { clearErrorSlot, setErrorSlot } from '../../../lib/error-slots';
import {
  type CurrentUser,
  markSigningOut,
  resetUserState,
  setCurrentUser,
  setProfile,
  type UserProfile,
} from '../../../lib/user-store';

/** Signs in; the answer is the new session's user, so no second call is needed to load it. */
export async function signIn(request: LoginOutput, client: ApiClient = api): Promise<CurrentUser> {
  clearErrorSlot('signIn');
  try {
    const user = await client.post<CurrentUser>('/auth/login', request);
    setCurrentUser(user);
    return user;
  } catch (error) {
    setErrorSlot('signIn', error);
    throw error;
  }
}

/** Creates the account; the server signs the new shopper in and mails a verification code. */
export async function register(request: RegisterOutput, client: ApiClient = api): Promise<void> {
  setCurrentUser(await client.post<CurrentUser>('/auth/register', request));
}

export async function verifyEmail(code: string, client: ApiClient = api): Promise<void> {
  const { user } = await client.post<{ user: UserProfile }>('/auth/verifyEmail', { code });
  setProfile(user);
}

export async function resendVerifyCode(email: string, client: ApiClient = api): Promise<void> {
  await client.post('/auth/resendVerifyCode', { email });
}

export async function forgotPassword(email: string, client: ApiClient = api): Promise<void> {
  await client.post('/auth/forgotPassword', { email });
}

export async function resetPassword(request: ResetPasswordOutput, client: ApiClient = api): Promise<void> {
  await client.post('/auth/resetPassword', request);
}

export async function changePassword(request: ChangePasswordOutput, client: ApiClient = api): Promise<void> {
  await client.post('/auth/changePassword', request);
}

/** Ends every other session of the account; this one stays signed in. Answers how many were ended. */
export async function signOutElsewhere(client: ApiClient = api): Promise<number> {
  const { endedSessions } = await client.post<{ endedSessions: number }>('/auth/signOutElsewhere');
  return endedSessions;
}

export async function signOut(client: ApiClient = api): Promise<void> {
  markSigningOut();
  try {
    await client.delete('/auth/logout');
  } catch (error) {
    // The shopper asked to leave; local state is cleared whatever the server answered.
    console.warn('Sign-out request failed', error);
  } finally {
    resetUserState({ leftByChoice: true });
  }
}
