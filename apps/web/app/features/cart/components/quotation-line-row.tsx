import { formatStoreDate } from '@crossbuy/core/dates';
import { formatErrorMessage, isErrorCode } from '@crossbuy/core/errors';
import { formatMoney } from '@crossbuy/core/money';
import {
  type CartLikeQuotationLine,
  marketplaceWords,
  PRODUCT_SOURCE,
  QUOTATION_STATUS,
} from '@crossbuy/core/quotation';
import { Link } from 'react-router';
import { holdsUntilSentence, QuoteBreakdownDetails } from '../../quotations/components/quote-breakdown';
import { LineChoice } from './line-choice';

/** Why a quotation item cannot be checked out, in the catalogue's words; null when it can. */
export function quotationLineRefusal({ item }: CartLikeQuotationLine): string | null {
  const reason = item.unavailableReason;
  if (reason === null) return null;
  if (!isErrorCode(reason)) return reason;
  const expiresAt = item.statusData.expiresAt;
  return formatErrorMessage(
    reason,
    reason === 'quotation/expired' && expiresAt ? [formatStoreDate(expiresAt)] : [],
  );
}

type QuotationLineRowProps = {
  line: CartLikeQuotationLine;
  selected: boolean;
  onSelect: (checked: boolean) => void;
};

/** A quotation item among the cart lines: chosen for checkout like one once the store has quoted it. */
export function QuotationLineRow({ line, selected, onSelect }: QuotationLineRowProps) {
  const { item } = line;
  const refusal = quotationLineRefusal(line);
  const id = `quotation-line-${item.id}`;
  return (
    <li id={id} aria-label={item.name} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
      <LineChoice
        id={id}
        name={item.name}
        image={item.mainImage}
        selected={selected}
        disabled={refusal !== null}
        describedBy={refusal ? `${id}-refusal` : undefined}
        onSelect={onSelect}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <Link to={`/quotations/${item.id}`} className="font-semibold break-words hover:underline">
              {item.name}
            </Link>
            <p className="text-sm text-muted">{marketplaceWords(item.marketplaceLabel)}</p>
            <p className="text-sm text-muted">Quantity {item.quantity}</p>
          </div>
          {item.status === QUOTATION_STATUS.resolved ? (
            <p className="font-semibold" data-testid="line-total">
              {formatMoney(item.price)}
            </p>
          ) : null}
        </div>
        {/* A price quoted from abroad is locked; one of our products costs what the catalogue asks. */}
        {item.status === QUOTATION_STATUS.resolved &&
        item.productSource === PRODUCT_SOURCE.external &&
        item.statusData.expiresAt &&
        !refusal ? (
          <p className="text-sm text-muted">{holdsUntilSentence(item.statusData.expiresAt)}</p>
        ) : null}
        {item.status === QUOTATION_STATUS.resolved && item.statusData.quoteTerms ? (
          <QuoteBreakdownDetails
            terms={item.statusData.quoteTerms}
            currency={item.price.currency}
            quantity={item.quantity}
            label={`How the price of ${item.name} is made`}
          />
        ) : null}
        {refusal ? (
          <p id={`${id}-refusal`} className="text-sm font-semibold text-danger-700">
            {refusal}
          </p>
        ) : null}
      </div>
    </li>
  );
}
