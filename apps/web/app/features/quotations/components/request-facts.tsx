import { formatStoreDateTime } from '@crossbuy/core/dates';
import type { QuotationDeskItem } from '@crossbuy/core/quotation';
import type { ReactNode } from 'react';
import { Price } from '../../../components/ui/price';
import { AskedAt, shopperName } from './desk-item-facts';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** What the shopper asked for: the price the page showed, how many, their instructions, who and when. */
export function RequestFacts({ item }: { item: QuotationDeskItem }) {
  return (
    <dl className="grid gap-4 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2">
      <Fact term="Price on its page">
        {item.extracted?.price ? <Price value={item.extracted.price} /> : 'Not read from the page'}
      </Fact>
      <Fact term="Quantity">{item.quantity}</Fact>
      <Fact term="Instructions">
        <span className="whitespace-pre-line">{item.instructions || 'None'}</span>
      </Fact>
      <Fact term="Asked by">
        {shopperName(item.shopper)}{' '}
        <span className="text-muted [overflow-wrap:anywhere]">({item.shopper.email})</span>
      </Fact>
      <Fact term="Asked">
        <AskedAt createdAt={item.createdAt} /> ({formatStoreDateTime(item.createdAt)})
      </Fact>
    </dl>
  );
}
