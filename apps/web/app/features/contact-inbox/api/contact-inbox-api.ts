import type { ContactInboxFilter } from '@crossbuy/core/contact-inbox';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { AUDIT_LOG_KEY, CONTACT_INBOX_KEY } from '../../../lib/query-keys';
import { useStaffQueries } from '../../../lib/staff-queries';

export const CONTACT_INBOX_PAGE_SIZE = 20;

/** `GET /admin/contact_messages`: newest first, all or only unread, unanswered or answered ones. */
export function useContactInbox(status: ContactInboxFilter | null, page: number) {
  const { staffId, enabled } = useStaffQueries();
  return useQuery({
    queryKey: [...CONTACT_INBOX_KEY, staffId, 'list', status, page],
    queryFn: async () =>
      answerOf(
        await storeClient.GET('/admin/contact_messages', {
          params: { query: { page, limit: CONTACT_INBOX_PAGE_SIZE, ...(status === null ? {} : { status }) } },
        }),
      ),
    // Another member of staff may open or answer a message at any time.
    staleTime: 0,
    enabled,
  });
}

/** `GET /admin/contact_messages/{id}`: opening it marks it read, so the inbox list reads again. */
export function useContactMessage(messageId: string) {
  const { staffId, enabled } = useStaffQueries();
  const client = useQueryClient();
  return useQuery({
    queryKey: [...CONTACT_INBOX_KEY, staffId, 'one', messageId],
    queryFn: async () => {
      const { message } = answerOf(
        await storeClient.GET('/admin/contact_messages/{id}', { params: { path: { id: messageId } } }),
      );
      void client.invalidateQueries({ queryKey: [...CONTACT_INBOX_KEY, staffId, 'list'] });
      return message;
    },
    enabled,
  });
}

/**
 * `POST /admin/contact_messages/{id}/replies`: `idempotencyKey` is the draft's, so pressing send twice, or
 * a retry after a lost answer, mails one reply.
 */
export function useReplyToContactMessage(messageId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (reply: { body: string; idempotencyKey: string }) =>
      answerOf(
        await storeClient.POST('/admin/contact_messages/{id}/replies', {
          params: { path: { id: messageId } },
          body: reply,
        }),
      ),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: CONTACT_INBOX_KEY }),
        client.invalidateQueries({ queryKey: AUDIT_LOG_KEY }),
      ]),
  });
}
