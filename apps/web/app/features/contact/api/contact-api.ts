import type { ContactUs } from '@crossbuy/core/validation';
import { api } from '../../../lib/api';

/** `POST /contact_us`: stored and mailed to the store; a signed-in sender's account goes with it. */
export function sendContactMessage(message: ContactUs): Promise<{ id: string; createdAt: string }> {
  return api.post('/contact_us', message);
}
