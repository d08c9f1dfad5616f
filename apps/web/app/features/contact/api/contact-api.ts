import type { ContactUs } from '@crossbuy/core/validation';
import { answerOf, storeClient } from '../../../lib/contract-client';

/** `POST /contact_us`: stored and mailed to the store; a signed-in sender's account goes with it. */
export async function sendContactMessage(message: ContactUs): Promise<{ id: string; createdAt: string }> {
  return answerOf(await storeClient.POST('/contact_us', { body: message }));
}
