import {
  marketplaceWords,
  QUOTATION_DESK_STATUSES,
  QUOTATION_STATUS,
  type QuotationDeskItem,
  type QuotationDeskStatus,
} from '@crossbuy/core/quotation';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { textLinkClasses } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { LineThumbnail } from '../../../components/ui/line-thumbnail';
import { Loading } from '../../../components/ui/loading';
import { EmptyCard, LoadFailure } from '../../../components/ui/page-states';
import { listPageHref } from '../../../components/ui/pagination';
import { Price } from '../../../components/ui/price';
import { useQuotationDesk } from '../api/quotation-desk-api';
import { AskedAt, PageAbroadLink, shopperName } from './desk-item-facts';

export const DESK_PATH = '/admin/quotations';

const VIEWS: Record<QuotationDeskStatus, { tab: string; caption: string; empty: string }> = {
  pending: {
    tab: 'Waiting',
    caption: 'waiting for a quote, oldest first',
    empty: 'No request is waiting for a quote.',
  },
  resolved: { tab: 'Quoted', caption: 'quoted, newest first', empty: 'Nothing has been quoted yet.' },
  declined: { tab: 'Declined', caption: 'declined, newest first', empty: 'Nothing has been declined.' },
};

const PAGE_COLUMNS = [
  { label: 'Item' },
  { label: 'Price on its page', align: 'end' },
  { label: 'Instructions' },
  { label: 'Quantity', align: 'end' },
  { label: 'Shopper' },
  { label: 'Asked' },
] as const;
const ANSWER_COLUMN = { label: 'Answer' } as const;

/** What the desk's address asks for; anything it cannot read is the queue's first page. */
export function deskViewFrom(search: URLSearchParams): {
  status: QuotationDeskStatus;
  after: string | null;
} {
  const status = search.get('status');
  const after = search.get('after');
  return {
    status: (QUOTATION_DESK_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as QuotationDeskStatus)
      : 'pending',
    after: after && after.length <= 100 ? after : null,
  };
}

function hrefFor(status: QuotationDeskStatus, after: string | null = null): string {
  return listPageHref(DESK_PATH, { status: status === 'pending' ? null : status, after });
}

const tabStyle = (current: boolean) =>
  `inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold ${
    current ? 'bg-brand-100 text-brand-900' : 'text-brand-800 hover:bg-brand-50'
  }`;

function ItemCell({ item }: { item: QuotationDeskItem }) {
  return (
    <div className="flex min-w-56 gap-3">
      <LineThumbnail image={item.mainImage} size={56} />
      <div className="flex min-w-0 flex-col gap-1">
        <Link to={`${DESK_PATH}/${item.id}`} className="font-semibold break-words underline">
          {item.name}
        </Link>
        <p className="text-xs font-semibold tracking-wide text-muted">
          {marketplaceWords(item.marketplaceLabel)}
        </p>
        {item.productUrl ? (
          <PageAbroadLink url={item.productUrl} className="text-xs" />
        ) : (
          <p className="text-xs text-muted">One of our products</p>
        )}
      </div>
    </div>
  );
}

function AnswerCell({ item }: { item: QuotationDeskItem }) {
  if (item.status === QUOTATION_STATUS.declined)
    return <p className="break-words">{item.statusData.declineReason}</p>;
  const { basePrice } = item.statusData;
  return basePrice ? (
    <p>
      Seller's price <Price value={basePrice} />
    </p>
  ) : (
    <p>Catalogue price</p>
  );
}

/**
 * The store's quotation desk: the requests waiting for a quote, oldest first, or the answered ones to
 * look back on; each opens the page where it is answered. `answered` names the answer just given, which
 * takes focus so the operator hears it and carries on from the top of the queue.
 */
export function QuotationDesk({
  status,
  after,
  answered,
}: {
  status: QuotationDeskStatus;
  after: string | null;
  answered?: string | null | undefined;
}) {
  const desk = useQuotationDesk(status, after);
  const view = VIEWS[status];
  const news = useRef<HTMLParagraphElement>(null);

  // After the shell's own move of focus to the main landmark, which a navigation makes once this page's
  // effects have run.
  useEffect(() => {
    if (!answered) return;
    const timer = setTimeout(() => news.current?.focus());
    return () => clearTimeout(timer);
  }, [answered]);

  return (
    <section className="flex w-full flex-col gap-6" aria-labelledby="quotation-desk-heading">
      <h1 id="quotation-desk-heading" className="text-3xl font-bold tracking-tight">
        Quotation desk
      </h1>
      <p
        ref={news}
        role="status"
        tabIndex={-1}
        className="empty:hidden rounded-lg bg-brand-50 p-3 font-semibold"
      >
        {answered ?? ''}
      </p>
      <nav aria-label="Requests to show">
        <ul className="flex flex-wrap gap-1">
          {QUOTATION_DESK_STATUSES.map((shown) => (
            <li key={shown}>
              <Link
                to={hrefFor(shown)}
                className={tabStyle(shown === status)}
                aria-current={shown === status ? 'page' : undefined}
              >
                {VIEWS[shown].tab}
                {shown === status && desk.data ? ` (${desk.data.total})` : ''}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {desk.isPending ? (
        <Loading>Loading requests…</Loading>
      ) : desk.isError ? (
        <LoadFailure what="the requests" error={desk.error} onRetry={() => void desk.refetch()} />
      ) : desk.data.items.length === 0 ? (
        <EmptyCard title={after ? 'There are no more requests.' : view.empty}>
          {after ? (
            <Link to={hrefFor(status)} className={textLinkClasses}>
              Back to the first page
            </Link>
          ) : null}
        </EmptyCard>
      ) : (
        <>
          <DataTable
            caption={`${desk.data.total} ${desk.data.total === 1 ? 'request' : 'requests'} ${view.caption}`}
            columns={status === 'pending' ? PAGE_COLUMNS : [...PAGE_COLUMNS, ANSWER_COLUMN]}
          >
            {desk.data.items.map((item) => (
              <tr key={item.id} className="align-top">
                <td className="p-3">
                  <ItemCell item={item} />
                </td>
                <td className="p-3 text-end">
                  {item.extracted?.price ? (
                    <Price value={item.extracted.price} className="whitespace-nowrap" />
                  ) : (
                    <span className="text-muted">Not read</span>
                  )}
                </td>
                <td className="min-w-48 p-3 break-words whitespace-pre-line">
                  {item.instructions || <span className="text-muted">None</span>}
                </td>
                <td className="p-3 text-end">{item.quantity}</td>
                <td className="p-3">
                  <p>{shopperName(item.shopper)}</p>
                  <p className="text-muted [overflow-wrap:anywhere]">{item.shopper.email}</p>
                </td>
                <td className="whitespace-nowrap p-3">
                  <AskedAt createdAt={item.createdAt} />
                </td>
                {status === 'pending' ? null : (
                  <td className="min-w-40 p-3">
                    <AnswerCell item={item} />
                  </td>
                )}
              </tr>
            ))}
          </DataTable>
          {after || desk.data.nextCursor ? (
            <nav aria-label="Pages" className="flex flex-wrap justify-center gap-3">
              {after ? (
                <Link to={hrefFor(status)} className={textLinkClasses}>
                  First page
                </Link>
              ) : null}
              {desk.data.nextCursor ? (
                <Link to={hrefFor(status, desk.data.nextCursor)} rel="next" className={textLinkClasses}>
                  Next page
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
