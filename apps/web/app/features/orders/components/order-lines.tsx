import type { Order } from '@crossbuy/core/order';
import { marketplaceLabel, marketplaceWords } from '@crossbuy/core/quotation';
import { Link } from 'react-router';
import { textLinkClasses } from '../../../components/ui/button';
import { LineThumbnail } from '../../../components/ui/line-thumbnail';
import { Price } from '../../../components/ui/price';

type OrderLine = Order['lines'][number];

/** Quoted items carry the quotation label of docs/rules/quotations.md; catalogue items name their marketplace as it is. */
export function lineMarketplaceLabel(line: OrderLine): string | null {
  if (line.source !== 'cart') return marketplaceWords(marketplaceLabel(line.capture.sourceMarketPlace));
  return line.capture.sourceMarketPlace;
}

function LineName({ line }: { line: OrderLine }) {
  const { capture } = line;
  // The product is linked while it exists in the catalogue; the order keeps its name either way.
  if (line.productId && capture.paramName) {
    return (
      <Link
        to={`/product/${encodeURIComponent(capture.paramName)}`}
        className={`${textLinkClasses} break-words`}
      >
        {capture.name}
      </Link>
    );
  }
  if (capture.productUrl) {
    return (
      <a
        href={capture.productUrl}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className={`${textLinkClasses} break-words`}
      >
        {capture.name}
        <span className="sr-only"> (opens the item's page in a new tab)</span>
      </a>
    );
  }
  return <span className="break-words font-semibold">{capture.name}</span>;
}

/** The items as they were bought: the captured name, picture, variant and price. */
export function OrderLines({ order }: { order: Order }) {
  return (
    <ul className="divide-y divide-line" aria-label="Items">
      {order.lines.map((line) => {
        const label = lineMarketplaceLabel(line);
        return (
          <li key={line.id} aria-label={line.capture.name} className="flex gap-3 py-3">
            <LineThumbnail image={line.capture.mainImage} size={64} />
            <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
              {label ? <span className="text-xs font-semibold tracking-wide text-muted">{label}</span> : null}
              <LineName line={line} />
              {line.capture.variantLabel ? (
                <span className="text-muted">{line.capture.variantLabel}</span>
              ) : null}
              {line.message ? <span className="text-muted">Note: {line.message}</span> : null}
              <span className="flex flex-wrap justify-between gap-2">
                <span>
                  {line.quantity} × <Price value={line.unitPrice} />
                </span>
                <Price value={line.total} className="font-semibold" />
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
