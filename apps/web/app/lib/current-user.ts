import { answerOf, storeClient } from './contract-client';
import { clearErrorSlot, setErrorSlot } from './error-slots';
import { setCurrentUser } from './user-store';

/** `GET /auth/me` into the user store; a visitor gets signedIn false, not an error (decision 0002). */
export async function loadCurrentUser(): Promise<void> {
  clearErrorSlot('currentUser');
  try {
    setCurrentUser(answerOf(await storeClient.GET('/auth/me')));
  } catch (error) {
    setErrorSlot('currentUser', error);
  }
}
