import { marketplaceWords, QUOTATION_FILTERS, type QuotationFilter } from '@crossbuy/core/quotation';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { LineThumbnail } from '../../../components/ui/line-thumbnail';
import { EmptyCard } from '../../../components/ui/page-states';
import { PagedList } from '../../../components/ui/paged-list';
import { listPageHref } from '../../../components/ui/pagination';
import { TabLinks } from '../../../components/ui/tab-links';
import { TitledPage } from '../../../components/ui/titled-page';
import { QUOTATION_PAGE_SIZE, useQuotationList } from '../api/quotations-api';
import { QuotationStatus } from './quotation-status';

const FILTER_LABELS: Record<QuotationFilter, string> = {
  all: 'All',
  pending: 'Being quoted',
  resolved: 'Quoted',
  declined: 'Unsuccessful',
  expired: 'Expired',
};

export function isQuotationFilter(value: string | null): value is QuotationFilter {
  return (QUOTATION_FILTERS as readonly string[]).includes(value ?? '');
}

const hrefFor = (filter: QuotationFilter, page = 1) =>
  listPageHref('/quotations', { filter: filter === 'all' ? null : filter }, page);

/** The shopper's quotation items, by where they stand, newest first. */
export function QuotationList({ filter, page }: { filter: QuotationFilter; page: number }) {
  const list = useQuotationList(filter, page);

  return (
    <TitledPage
      headingId="quotations-heading"
      title="Your quotations"
      width="max-w-3xl"
      actions={
        <Link to="/quotations/new" className={buttonClasses('primary')}>
          Request a quotation
        </Link>
      }
    >
      <TabLinks
        label="Quotations by status"
        layout="wrap"
        values={QUOTATION_FILTERS}
        current={filter}
        labelOf={(each) => FILTER_LABELS[each]}
        hrefFor={hrefFor}
      />

      <PagedList
        list={list}
        rows="quotationItems"
        noun="your quotations"
        empty={
          <EmptyCard title={filter === 'all' ? 'You have no quotations yet' : 'No quotations here'}>
            <p className="text-muted">
              Paste a link to an item on a marketplace abroad and the store will tell you what it costs
              delivered.
            </p>
          </EmptyCard>
        }
        page={page}
        pageSize={QUOTATION_PAGE_SIZE}
        hrefFor={(next) => hrefFor(filter, next)}
      >
        {(rows) => (
          <ul
            className="divide-y divide-line rounded-2xl border border-line bg-white"
            aria-label="Quotations"
          >
            {rows.map((item) => (
              <li key={item.id} aria-label={item.name} className="flex gap-3 p-4">
                <LineThumbnail image={item.mainImage} size={64} />
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <Link
                      to={`/quotations/${item.id}`}
                      className="min-w-0 break-words font-semibold hover:underline"
                    >
                      {item.name}
                    </Link>
                    <span className="text-xs font-semibold tracking-wide text-muted">
                      {marketplaceWords(item.marketplaceLabel)}
                    </span>
                  </div>
                  <p className="text-sm text-muted">Quantity {item.quantity}</p>
                  <QuotationStatus item={item} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </TitledPage>
  );
}
