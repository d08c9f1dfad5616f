import { formatPhoneNumber } from '@crossbuy/core/address';
import { formatStoreDateTime } from '@crossbuy/core/dates';
import { Link } from 'react-router';
import { PageError, PageLoading } from '../../../components/ui/page-states';
import { RecordPage } from '../../../components/ui/record-page';
import { useContactMessage } from '../api/contact-inbox-api';
import { ContactReplyForm } from './contact-reply-form';

/** One contact message: who wrote, what they wrote, the store's earlier replies, and a reply form. */
export function ContactMessagePage({ messageId }: { messageId: string }) {
  const query = useContactMessage(messageId);
  if (query.isPending) return <PageLoading>Loading the message…</PageLoading>;
  if (query.isError)
    return <PageError error={query.error} backTo="/admin/messages" backLabel="Back to the messages" />;
  const message = query.data;

  return (
    <RecordPage
      titleId="message-title"
      title={`Message from ${message.name}`}
      backTo="/admin/messages"
      backLabel="Back to the messages"
      width="3xl"
      summary={
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted">Email</dt>
          <dd className="break-all">
            <a href={`mailto:${message.email}`} className="underline">
              {message.email}
            </a>
          </dd>
          <dt className="text-muted">Phone</dt>
          <dd>{message.phoneNumber ? formatPhoneNumber(message.phoneNumber) : 'Not given'}</dd>
          <dt className="text-muted">Sent</dt>
          <dd>{formatStoreDateTime(message.createdAt)}</dd>
          <dt className="text-muted">Account</dt>
          <dd>
            {message.customerId ? (
              <Link to={`/admin/customers/${message.customerId}`} className="underline">
                Open the customer
              </Link>
            ) : (
              'Not signed in'
            )}
          </dd>
        </dl>
      }
    >
      <blockquote className="rounded-2xl border border-line bg-white p-4 break-words whitespace-pre-wrap">
        {message.message}
      </blockquote>

      <section aria-labelledby="replies-heading" className="flex flex-col gap-3">
        <h2 id="replies-heading" className="text-xl font-semibold">
          Replies ({message.replies.length})
        </h2>
        {message.replies.length === 0 ? (
          <p className="text-muted">Nobody has replied yet.</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {message.replies.map((reply) => (
              <li key={reply.id} className="rounded-2xl border border-line bg-brand-50 p-4">
                <p className="text-sm text-muted break-all">
                  {reply.repliedBy.email}, {formatStoreDateTime(reply.createdAt)}
                </p>
                <p className="mt-1 break-words whitespace-pre-wrap">{reply.body}</p>
              </li>
            ))}
          </ol>
        )}
      </section>

      <ContactReplyForm messageId={message.id} to={message.email} />
    </RecordPage>
  );
}
