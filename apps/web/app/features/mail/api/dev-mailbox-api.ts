import type { MailboxMessage } from '@crossbuy/core/mail';
import { answerOf, storeClient } from '../../../lib/contract-client';

export type { MailboxMessage };

/** `GET /dev/mailbox`: the development mailbox, every recipient's, newest first. */
export async function fetchDevMailbox(): Promise<MailboxMessage[]> {
  return answerOf(await storeClient.GET('/dev/mailbox')).messages;
}
