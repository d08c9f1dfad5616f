import { api } from './api';
import type { ApiClient } from './api-client';
import { clearErrorSlot, setErrorSlot } from './error-slots';
import { type CurrentUser, setCurrentUser } from './user-store';

/** `GET /auth/me` into the user store; a visitor gets signedIn false, not an error (decision 0002). */
export async function loadCurrentUser(client: ApiClient = api): Promise<void> {
  clearErrorSlot('currentUser');
  try {
    setCurrentUser(await client.get<CurrentUser>('/auth/me'));
  } catch (error) {
    setErrorSlot('currentUser', error);
  }
}
