import { type Money, multiplyMoney } from '@crossbuy/core/money';
import type { QuoteTerms } from '@crossbuy/core/quotation';
import { Price } from '../../../components/ui/price';
import { holdsUntilSentence, QuoteBreakdownList } from './quote-breakdown';

const regionNames = new Intl.DisplayNames(['en-GB'], { type: 'region' });

/**
 * The quoted price of one unit and of the quantity asked for, in each region, how each is made (the
 * breakdown the shopper in that region reads, when the terms are known) and until when it holds.
 */
export function QuotedPrices({
  quotedPrice,
  quoteTerms,
  quantity,
  expiresAt,
  caption,
}: {
  quotedPrice: Record<string, Money>;
  quoteTerms: QuoteTerms | null;
  quantity: number;
  expiresAt: string;
  caption: string;
}) {
  const regions = Object.entries(quotedPrice);
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-xl border border-line bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-line bg-brand-50">
            <tr>
              <th scope="col" className="p-2">
                Region
              </th>
              <th scope="col" className="p-2 text-end">
                Each
              </th>
              <th scope="col" className="p-2 text-end">
                For {quantity}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {regions.map(([region, price]) => (
              <tr key={region}>
                <th scope="row" className="p-2 font-normal">
                  {regionNames.of(region) ?? region}
                </th>
                <td className="p-2 text-end">
                  <Price value={price} />
                </td>
                <td className="p-2 text-end font-semibold">
                  <Price value={multiplyMoney(price, quantity)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {quoteTerms
        ? regions.map(([region, price], index) => {
            const name = regionNames.of(region) ?? region;
            return (
              <details key={region} open={index === 0} className="rounded-xl border border-line bg-white p-3">
                <summary className="cursor-pointer font-semibold">What a shopper in {name} reads</summary>
                <div className="mt-2">
                  <QuoteBreakdownList
                    terms={quoteTerms}
                    currency={price.currency}
                    quantity={quantity}
                    label={`How the price is made for a shopper in ${name}`}
                  />
                </div>
              </details>
            );
          })
        : null}
      <p className="text-sm" data-testid="quote-expiry">
        {holdsUntilSentence(expiresAt)}
      </p>
    </div>
  );
}
