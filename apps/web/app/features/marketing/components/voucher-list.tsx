import { formatStoreDate } from '@crossbuy/core/dates';
import {
  type StoreVoucher,
  VOUCHER_STATUS_LABELS,
  VOUCHER_STATUSES,
  type VoucherStatus,
} from '@crossbuy/core/marketing';
import { formatMoney } from '@crossbuy/core/money';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { ChoiceFilter, FilterBar, SearchFilter } from '../../../components/ui/filter-bar';
import { EmptyList } from '../../../components/ui/page-states';
import { PagedTable } from '../../../components/ui/paged-list';
import { listPageHref } from '../../../components/ui/pagination';
import { labelledOptions } from '../../../components/ui/select-field';
import { useVoucherList, VOUCHER_PAGE_SIZE, type VoucherFilter } from '../api/vouchers-api';
import { VoucherStatusBadge } from './status-badge';

export const VOUCHERS_PATH = '/admin/marketing/vouchers';

const COLUMNS = [
  { label: 'Code' },
  { label: 'Discount' },
  { label: 'Runs' },
  { label: 'Status' },
  { label: 'Used', align: 'end' },
] as const;

/** The voucher list's filter as the URL states it; anything it cannot read is left out. */
export function voucherFilterFrom(search: URLSearchParams): VoucherFilter {
  const status = search.get('status');
  return {
    status: (VOUCHER_STATUSES as readonly string[]).includes(status ?? '') ? (status as VoucherStatus) : null,
    q: search.get('q')?.trim().slice(0, 100) || null,
  };
}

/** What the voucher takes off, in words. */
export function discountText(voucher: StoreVoucher): string {
  if (voucher.kind === 'fixed' && voucher.amountOff) return `${formatMoney(voucher.amountOff)} off`;
  const cap = voucher.maxDiscount ? `, at most ${formatMoney(voucher.maxDiscount)}` : '';
  return `${voucher.percentOff}% off${cap}`;
}

function windowText(voucher: StoreVoucher): string {
  if (!voucher.startsAt && !voucher.endsAt) return 'Always';
  const from = voucher.startsAt ? formatStoreDate(voucher.startsAt) : 'now';
  return voucher.endsAt ? `${from} to ${formatStoreDate(voucher.endsAt)}` : `From ${from}`;
}

function usedText(voucher: StoreVoucher): string {
  return voucher.totalLimit === null
    ? String(voucher.redeemedCount)
    : `${voucher.redeemedCount} of ${voucher.totalLimit}`;
}

/** Every voucher, newest first, narrowed by status or by part of its code or description. */
export function VoucherList({ filter, page }: { filter: VoucherFilter; page: number }) {
  const list = useVoucherList(filter, page);
  const filtered = filter.status !== null || filter.q !== null;

  return (
    <section className="flex flex-col gap-6" aria-labelledby="vouchers-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="vouchers-heading" className="text-3xl font-bold tracking-tight">
          Vouchers
        </h1>
        <Link to={`${VOUCHERS_PATH}/new`} className={buttonClasses('primary')}>
          New voucher
        </Link>
      </div>
      <FilterBar
        action={VOUCHERS_PATH}
        label="Find vouchers"
        clearLabel="Show every voucher"
        filtered={filtered}
        className="grid gap-3 sm:grid-cols-3 sm:items-end"
      >
        <SearchFilter label="Code or description" name="q" value={filter.q} />
        <ChoiceFilter
          label="Status"
          name="status"
          value={filter.status}
          options={labelledOptions(VOUCHER_STATUSES, VOUCHER_STATUS_LABELS)}
        />
      </FilterBar>

      <PagedTable
        list={list}
        rows="vouchers"
        noun="vouchers"
        empty={<EmptyList>{filtered ? 'No voucher matches.' : 'No vouchers yet.'}</EmptyList>}
        caption={(range) => `Vouchers ${range}, newest first`}
        columns={COLUMNS}
        cells={(voucher) => (
          <>
            <td className="p-3">
              <Link to={`${VOUCHERS_PATH}/${voucher.id}`} className="font-semibold break-all underline">
                {voucher.code}
              </Link>
              {voucher.description ? <p className="text-muted">{voucher.description}</p> : null}
            </td>
            <td className="p-3">{discountText(voucher)}</td>
            <td className="p-3">{windowText(voucher)}</td>
            <td className="p-3">
              <VoucherStatusBadge status={voucher.status} />
            </td>
            <td className="p-3 text-end whitespace-nowrap">{usedText(voucher)}</td>
          </>
        )}
        page={page}
        pageSize={VOUCHER_PAGE_SIZE}
        hrefFor={(next) => listPageHref(VOUCHERS_PATH, filter, next)}
      />
    </section>
  );
}
