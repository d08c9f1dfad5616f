import { marketplaceWords } from '@crossbuy/core/quotation';
import type { ReactNode } from 'react';
import { SquarePicture } from '../../../components/ui/square-picture';
import { imageUrl } from '../../../lib/images';

type HeadedItem = {
  name: string;
  mainImage: Parameters<typeof imageUrl>[0];
  marketplaceLabel: Parameters<typeof marketplaceWords>[0];
};

/**
 * The top of a quotation item's page, for the shopper and the desk alike: its picture, the marketplace
 * it comes from and its name as the page's title, then what each side adds under the name.
 */
export function QuotationItemHeading({
  item,
  headingId,
  children,
}: {
  item: HeadedItem;
  headingId: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row">
      <SquarePicture
        src={imageUrl(item.mainImage)}
        size={160}
        className="size-40 shrink-0 rounded-xl border border-line bg-white object-cover"
      />
      <div className="flex min-w-0 flex-col gap-2">
        <p className="text-xs font-semibold tracking-wide text-muted">
          {marketplaceWords(item.marketplaceLabel)}
        </p>
        <h1 id={headingId} className="break-words text-2xl font-bold tracking-tight">
          {item.name}
        </h1>
        {children}
      </div>
    </div>
  );
}
