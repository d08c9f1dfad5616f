import type {
  ChangePasswordOutput,
  LoginOutput,
  RegisterOutput,
  ResetPasswordOutput,
} from '@crossbuy/core/validation';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { clearErrorSlot, setErrorSlot } from '../../../lib/error-slots';
import {
  type CurrentUser,
  markSigningOut,
  resetUserState,
  setCurrentUser,
  setProfile,
} from '../../../lib/user-store';

/** Signs in; the answer is the new session's user, so no second call is needed to load it. */
export async function signIn(request: LoginOutput): Promise<CurrentUser> {
  clearErrorSlot('signIn');
  try {
    const user = answerOf(await storeClient.POST('/auth/login', { body: request }));
    setCurrentUser(user);
    return user;
  } catch (error) {
    setErrorSlot('signIn', error);
    throw error;
  }
}

/** Creates the account; the server signs the new shopper in and mails a verification code. */
export async function register(request: RegisterOutput): Promise<void> {
  setCurrentUser(answerOf(await storeClient.POST('/auth/register', { body: request })));
}

export async function verifyEmail(code: string): Promise<void> {
  const { user } = answerOf(await storeClient.POST('/auth/verifyEmail', { body: { code } }));
  setProfile(user);
}

export async function resendVerifyCode(email: string): Promise<void> {
  await storeClient.POST('/auth/resendVerifyCode', { body: { email } });
}

export async function forgotPassword(email: string): Promise<void> {
  await storeClient.POST('/auth/forgotPassword', { body: { email } });
}

export async function resetPassword(request: ResetPasswordOutput): Promise<void> {
  await storeClient.POST('/auth/resetPassword', { body: request });
}

export async function changePassword(request: ChangePasswordOutput): Promise<void> {
  await storeClient.POST('/auth/changePassword', { body: request });
}

/** Ends every other session of the account; this one stays signed in. Answers how many were ended. */
export async function signOutElsewhere(): Promise<number> {
  return answerOf(await storeClient.POST('/auth/signOutElsewhere')).endedSessions;
}

export async function signOut(): Promise<void> {
  markSigningOut();
  try {
    await storeClient.DELETE('/auth/logout');
  } catch (error) {
    // The shopper asked to leave; local state is cleared whatever the server answered.
    console.warn('Sign-out request failed', error);
  } finally {
    resetUserState({ leftByChoice: true });
  }
}
