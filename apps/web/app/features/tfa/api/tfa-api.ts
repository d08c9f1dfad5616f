import { api } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';
import { loadCurrentUser } from '../../../lib/current-user';
import { clearErrorSlot, setErrorSlot } from '../../../lib/error-slots';
import { type CurrentUser, setCurrentUser } from '../../../lib/user-store';

/** `POST /tfa/setup`: a new secret, its otpauth URL and a QR code image (data URL). */
export type TfaSetup = { secret: string; otpauthUrl: string; qrCode: string };

export function startTfaSetup(client: ApiClient = api): Promise<TfaSetup> {
  return client.post<TfaSetup>('/tfa/setup');
}

/**
 * Checks a code from the authenticator: the first success after setup turns two-factor on, and every
 * success marks this session as having passed it. Failures go to their error slot (spec section 8).
 */
export async function verifyTfaCode(token: string, client: ApiClient = api): Promise<void> {
  clearErrorSlot('twoFactorVerification');
  try {
    setCurrentUser(await client.post<CurrentUser>('/tfa/verify', { token }));
  } catch (error) {
    setErrorSlot('twoFactorVerification', error);
    throw error;
  }
}

export async function skipTfaSetup(client: ApiClient = api): Promise<void> {
  await client.post('/tfa/skip_setup');
  await loadCurrentUser(client);
}

export async function disableTfa(token: string, client: ApiClient = api): Promise<void> {
  await client.post('/tfa/disable_tfa', { token });
  await loadCurrentUser(client);
}

/** Mails a link that turns two-factor off, for a shopper who lost their authenticator. */
export async function requestTfaReset(client: ApiClient = api): Promise<void> {
  await client.post('/tfa/requestReset');
}

export async function resetTfa(resetTfaToken: string, client: ApiClient = api): Promise<void> {
  await client.post('/tfa/reset', { resetTfaToken });
  await loadCurrentUser(client);
}
