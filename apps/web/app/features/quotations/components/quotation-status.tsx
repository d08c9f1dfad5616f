import { formatStoreDate } from '@crossbuy/core/dates';
import { formatErrorMessage } from '@crossbuy/core/errors';
import { formatMoney } from '@crossbuy/core/money';
import {
  isQuoteExpired,
  QUOTATION_STATUS,
  QUOTATION_STATUS_MESSAGES,
  type QuotationItem,
} from '@crossbuy/core/quotation';

/** Whether the store's answer no longer holds: a resolved quote past its date, as the server said or as now shows. */
export function quoteExpired(item: QuotationItem, now = new Date()): boolean {
  return (
    item.unavailableReason === 'quotation/expired' ||
    isQuoteExpired({ status: item.status, expiresAt: item.statusData.expiresAt }, now)
  );
}

/** An expired or declined quote can be asked for again, in one step. */
export function canRequestAgain(item: QuotationItem): boolean {
  return item.status === QUOTATION_STATUS.declined || quoteExpired(item);
}

const tone: Record<QuotationItem['status'], string> = {
  p: 'border-line bg-surface text-ink',
  r: 'bg-brand-50 text-brand-900 border-brand-200',
  d: 'bg-danger-50 text-danger-700 border-danger-700/30',
};

/** The status message of docs/rules/quotations.md, with what the shopper needs beside it: the price, its expiry, or why not. */
export function QuotationStatus({ item }: { item: QuotationItem }) {
  const expired = quoteExpired(item);
  const { expiresAt, declineReason } = item.statusData;
  return (
    <div className={`flex flex-col gap-1 rounded-lg border px-3 py-2 text-sm ${tone[item.status]}`}>
      <p className="font-semibold" data-testid="quotation-status">
        {QUOTATION_STATUS_MESSAGES[item.status]}
      </p>
      {item.status === QUOTATION_STATUS.resolved ? (
        <>
          <p>
            Price for {item.quantity}:{' '}
            <span className="font-semibold" data-testid="quotation-price">
              {formatMoney(item.price)}
            </span>
          </p>
          {expiresAt ? (
            <p data-testid="quotation-expiry">
              {expired
                ? formatErrorMessage('quotation/expired', [formatStoreDate(expiresAt)])
                : `Valid until ${formatStoreDate(expiresAt)}`}
            </p>
          ) : null}
        </>
      ) : null}
      {item.status === QUOTATION_STATUS.declined && declineReason ? <p>{declineReason}</p> : null}
    </div>
  );
}
