import { formatErrorMessage } from '@crossbuy/core/errors';
import type { CurrencyCode } from '@crossbuy/core/money';
import { PRODUCT_SOURCE, type QuotationDeskItem } from '@crossbuy/core/quotation';
import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { type DeskQuote, useQuoteCurrencies, useQuotePreview } from '../api/quotation-desk-api';
import { basePriceFrom, optionalAmountFrom, typedAmount, weightFrom } from '../quote-amounts';

/** How long the base price must rest before its preview is asked for: one request per pause, not per key. */
export const PREVIEW_DELAY_MS = 300;

/**
 * The quote the desk is typing for an item from abroad: the seller's price (read from the page when it
 * could be), its currency, the shipping to the warehouse and the weight; the quote they make, or null
 * while a field is wrong; and its preview, asked for once typing rests.
 */
export function useQuoteDraft(item: QuotationDeskItem) {
  const abroad = item.productSource === PRODUCT_SOURCE.external;
  const read = item.extracted?.price ?? null;
  const [amount, setAmount] = useState(read ? typedAmount(read) : '');
  const [currency, setCurrency] = useState<CurrencyCode>(read?.currency ?? 'SGD');
  const [shipping, setShipping] = useState('');
  const [weight, setWeight] = useState('');
  const currencies = useQuoteCurrencies();
  const basePrice = basePriceFrom(amount, currency);
  const domesticShipping = optionalAmountFrom(shipping, currency);
  const weightGrams = weightFrom(weight);
  const quote: DeskQuote | null =
    basePrice && domesticShipping && weightGrams !== null
      ? {
          basePrice,
          ...(domesticShipping.amountMinor > 0
            ? { domesticShippingMinor: domesticShipping.amountMinor }
            : {}),
          ...(weightGrams !== undefined ? { weightGrams } : {}),
        }
      : null;
  const settled = useDebouncedValue(quote, PREVIEW_DELAY_MS);
  const preview = useQuotePreview(abroad ? settled : null);
  // A page priced in a currency without a rate keeps it chosen, so the preview says what is missing.
  const known = currencies.data?.currencies ?? [];

  return {
    abroad,
    fields: { amount, currency, shipping, weight },
    set: { amount: setAmount, currency: setCurrency, shipping: setShipping, weight: setWeight },
    errors: {
      amount:
        amount.trim() !== '' && basePrice === null
          ? formatErrorMessage('quotation/invalid_base_price')
          : undefined,
      shipping:
        domesticShipping === null ? formatErrorMessage('quotation/invalid_domestic_shipping') : undefined,
      weight: weightGrams === null ? formatErrorMessage('quotation/invalid_weight') : undefined,
    },
    currencyChoices: known.includes(currency) ? known : [currency, ...known],
    basePrice,
    quote,
    preview,
  };
}
