import { api } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';

/** One message of `GET /dev/mailbox`, newest first. */
export type MailboxMessage = {
  id: string;
  template: string;
  to: string;
  subject: string;
  text: string | null;
  html: string | null;
  sentAt: string | null;
};

export async function fetchDevMailbox(client: ApiClient = api): Promise<MailboxMessage[]> {
  const { messages } = await client.get<{ messages: MailboxMessage[] }>('/dev/mailbox');
  return messages;
}
