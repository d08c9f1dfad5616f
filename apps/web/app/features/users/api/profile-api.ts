import type { ProfileUpdateOutput } from '@crossbuy/core/validation';
import { api } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';
import { clearErrorSlot, setErrorSlot } from '../../../lib/error-slots';
import { setProfile, type UserProfile } from '../../../lib/user-store';

/** `POST /user/profile`; failures go to the profile-update error slot (docs/rules/api-and-errors.md). */
export async function updateProfile(changes: ProfileUpdateOutput, client: ApiClient = api): Promise<void> {
  clearErrorSlot('profileUpdate');
  try {
    const { user } = await client.post<{ user: UserProfile }>('/user/profile', changes);
    setProfile(user);
  } catch (error) {
    setErrorSlot('profileUpdate', error);
    throw error;
  }
}
