import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, answerOf, storeClient } from '../../../lib/contract-client';
import { loadCurrentUser } from '../../../lib/current-user';
import { clearErrorSlot, setErrorSlot } from '../../../lib/error-slots';
import { setCurrentUser } from '../../../lib/user-store';

/** `POST /tfa/setup`: a new secret, its otpauth URL and a QR code image (data URL). */
export type TfaSetup = Answer<'/tfa/setup', 'post'>;

export async function startTfaSetup(): Promise<TfaSetup> {
  return answerOf(await storeClient.POST('/tfa/setup'));
}

/**
 * Checks a code from the authenticator, or a recovery code: the first success after setup turns
 * two-factor on and answers the recovery codes, to be shown once; every success marks this session as
 * having passed it. Failures go to their error slot (docs/rules/api-and-errors.md).
 */
export async function verifyTfaCode(token: string): Promise<string[] | undefined> {
  clearErrorSlot('twoFactorVerification');
  try {
    const verified = answerOf(await storeClient.POST('/tfa/verify', { body: { token } }));
    setCurrentUser(verified);
    return verified.recoveryCodes;
  } catch (error) {
    setErrorSlot('twoFactorVerification', error);
    throw error;
  }
}

export async function skipTfaSetup(): Promise<void> {
  await storeClient.POST('/tfa/skip_setup');
  await loadCurrentUser();
}

export async function disableTfa(token: string): Promise<void> {
  await storeClient.POST('/tfa/disable_tfa', { body: { token } });
  await loadCurrentUser();
}

/** Mails a link that turns two-factor off, for a shopper who lost their authenticator. */
export async function requestTfaReset(): Promise<void> {
  await storeClient.POST('/tfa/requestReset');
}

export async function resetTfa(resetTfaToken: string): Promise<void> {
  await storeClient.POST('/tfa/reset', { body: { resetTfaToken } });
  await loadCurrentUser();
}

export const recoveryCodesKey = ['tfa-recovery-codes'] as const;

/**
 * How many recovery codes the shopper has left unused. Asked afresh whenever it is shown: a sign-in
 * elsewhere, or two-factor turned off and on, changes it without this page knowing.
 */
export function useRecoveryCodesLeft() {
  return useQuery({
    queryKey: recoveryCodesKey,
    queryFn: async () => answerOf(await storeClient.GET('/tfa/recovery_codes')).remaining,
    refetchOnMount: 'always',
  });
}

/** Replaces the recovery codes with new ones, given the password again; answers the new codes. */
export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) =>
      answerOf(await storeClient.POST('/tfa/recovery_codes', { body: { password } })).recoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recoveryCodesKey }),
  });
}
