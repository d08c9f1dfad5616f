import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

type TfaVerified = CurrentUser & { recoveryCodes?: string[] };

/**
 * Checks a code from the authenticator, or a recovery code: the first success after setup turns
 * two-factor on and answers the recovery codes, to be shown once; every success marks this session as
 * having passed it. Failures go to their error slot (docs/rules/api-and-errors.md).
 */
export async function verifyTfaCode(token: string, client: ApiClient = api): Promise<string[] | undefined> {
  clearErrorSlot('twoFactorVerification');
  try {
    const verified = await client.post<TfaVerified>('/tfa/verify', { token });
    setCurrentUser(verified);
    return verified.recoveryCodes;
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

export const recoveryCodesKey = ['tfa-recovery-codes'] as const;

/**
 * How many recovery codes the shopper has left unused. Asked afresh whenever it is shown: a sign-in
 * elsewhere, or two-factor turned off and on, changes it without this page knowing.
 */
export function useRecoveryCodesLeft() {
  return useQuery({
    queryKey: recoveryCodesKey,
    queryFn: async () => (await api.get<{ remaining: number }>('/tfa/recovery_codes')).remaining,
    refetchOnMount: 'always',
  });
}

/** Replaces the recovery codes with new ones, given the password again; answers the new codes. */
export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) =>
      (await api.post<{ recoveryCodes: string[] }>('/tfa/recovery_codes', { password })).recoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recoveryCodesKey }),
  });
}
