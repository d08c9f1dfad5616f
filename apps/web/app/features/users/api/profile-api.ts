import type { ProfileUpdateOutput } from '@crossbuy/core/validation';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { clearErrorSlot, setErrorSlot } from '../../../lib/error-slots';
import { setProfile } from '../../../lib/user-store';

/** `POST /user/profile`; failures go to the profile-update error slot (docs/rules/api-and-errors.md). */
export async function updateProfile(changes: ProfileUpdateOutput): Promise<void> {
  clearErrorSlot('profileUpdate');
  try {
    const { user } = answerOf(await storeClient.POST('/user/profile', { body: changes }));
    setProfile(user);
  } catch (error) {
    setErrorSlot('profileUpdate', error);
    throw error;
  }
}
