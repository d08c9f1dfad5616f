import { CONTACT_INBOX_FILTERS, type ContactInboxFilter } from '@crossbuy/core/contact-inbox';
import { formatStoreDateTime } from '@crossbuy/core/dates';
import { Link } from 'react-router';
import { EmptyList } from '../../../components/ui/page-states';
import { PagedList } from '../../../components/ui/paged-list';
import { listPageHref } from '../../../components/ui/pagination';
import { TitledPage } from '../../../components/ui/titled-page';
import { CONTACT_INBOX_PAGE_SIZE, useContactInbox } from '../api/contact-inbox-api';

const FILTER_LABELS: Record<ContactInboxFilter | 'all', string> = {
  all: 'All',
  unread: 'Unread',
  unanswered: 'Not answered',
  answered: 'Answered',
};

/** The inbox's filter as the URL states it; anything else is every message. */
export function inboxFilterFrom(search: URLSearchParams): ContactInboxFilter | null {
  const status = search.get('status');
  return (CONTACT_INBOX_FILTERS as readonly string[]).includes(status ?? '')
    ? (status as ContactInboxFilter)
    : null;
}

function hrefFor(status: ContactInboxFilter | null, page = 1): string {
  return listPageHref('/admin/messages', { status }, page);
}

/** The contact-form messages, newest first, the unread ones marked; each opens to read and reply. */
export function ContactInbox({ status, page }: { status: ContactInboxFilter | null; page: number }) {
  const inbox = useContactInbox(status, page);

  return (
    <TitledPage
      headingId="inbox-heading"
      width="max-w-4xl"
      title={
        <>
          Messages
          {inbox.isSuccess && inbox.data.unread > 0 ? (
            // The space keeps the count a word of its own when the heading is read: "Messages 3 unread".
            <span className="ms-3 align-middle text-base font-semibold text-danger-700">
              {' '}
              {inbox.data.unread} unread
            </span>
          ) : null}
        </>
      }
    >
      <nav aria-label="Show messages">
        <ul className="flex flex-wrap gap-2">
          {(['all', ...CONTACT_INBOX_FILTERS] as const).map((filter) => {
            const value = filter === 'all' ? null : filter;
            const current = value === status;
            return (
              <li key={filter}>
                <Link
                  to={hrefFor(value)}
                  aria-current={current ? 'page' : undefined}
                  className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold ${
                    current ? 'border-brand-700 bg-brand-700 text-white' : 'border-line bg-white'
                  }`}
                >
                  {FILTER_LABELS[filter]}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <PagedList
        list={inbox}
        rows="messages"
        noun="messages"
        empty={<EmptyList>{status === null ? 'No messages yet.' : 'No message here.'}</EmptyList>}
        page={page}
        pageSize={CONTACT_INBOX_PAGE_SIZE}
        hrefFor={(next) => hrefFor(status, next)}
      >
        {(rows, range) => (
          <ul
            aria-label={`Messages ${range}, newest first`}
            className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-white"
          >
            {rows.map((message) => (
              <li key={message.id} className={message.read ? 'p-4' : 'bg-brand-50 p-4'}>
                <div className="flex flex-col gap-1 sm:flex-row sm:justify-between">
                  <Link
                    to={`/admin/messages/${message.id}`}
                    className={`break-words underline ${message.read ? '' : 'font-bold'}`}
                  >
                    {message.read ? null : <span className="sr-only">Unread: </span>}
                    {message.name}
                  </Link>
                  <span className="text-sm whitespace-nowrap text-muted">
                    {formatStoreDateTime(message.createdAt)}
                  </span>
                </div>
                <p className="text-sm break-all text-muted">{message.email}</p>
                <p className="mt-1 text-sm break-words">{message.excerpt}</p>
                <p className="mt-1 flex flex-wrap gap-2 text-xs font-semibold">
                  {message.read ? null : (
                    <span aria-hidden="true" className="rounded-full bg-brand-700 px-2 py-0.5 text-white">
                      Unread
                    </span>
                  )}
                  {message.repliedAt ? (
                    <span className="rounded-full bg-line px-2 py-0.5">Answered</span>
                  ) : null}
                </p>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </TitledPage>
  );
}
