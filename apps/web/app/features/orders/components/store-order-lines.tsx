import { lineOrigin, type StoreOrder } from '@crossbuy/core/order';
import { textLinkClasses } from '../../../components/ui/button';
import { LineThumbnail } from '../../../components/ui/line-thumbnail';
import { Price } from '../../../components/ui/price';

type StoreOrderLine = StoreOrder['lines'][number];

/** The seller's page of an item quoted from abroad, where the store buys it. */
export function SellerLink({ url, name }: { url: string; name: string }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className={`${textLinkClasses} break-all`}
    >
      Seller’s page
      <span className="sr-only"> for {name} (opens in a new tab)</span>
    </a>
  );
}

function LineFacts({ line }: { line: StoreOrderLine }) {
  const origin = lineOrigin(line);
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
      <span className="text-xs font-semibold tracking-wide text-muted uppercase">{origin.label}</span>
      <span className="break-words font-semibold">{line.capture.name}</span>
      {line.capture.variantLabel ? <span>{line.capture.variantLabel}</span> : null}
      <span>
        Quantity: <strong>{line.quantity}</strong> · <Price value={line.total} />
      </span>
      {line.message ? (
        <p className="rounded-lg bg-brand-50 px-3 py-2 break-words whitespace-pre-wrap text-brand-900">
          <span className="font-semibold">Shopper’s message: </span>
          {line.message}
        </p>
      ) : null}
      {origin.sellerUrl ? <SellerLink url={origin.sellerUrl} name={line.capture.name} /> : null}
    </div>
  );
}

/** Every line of the order as the store packs it: picture, name, variant, quantity and what the shopper asked. */
export function StoreOrderLines({ order }: { order: StoreOrder }) {
  return (
    <ul className="divide-y divide-line" aria-label="Items to pack">
      {order.lines.map((line) => (
        <li key={line.id} aria-label={line.capture.name} className="flex gap-3 py-3">
          <LineThumbnail image={line.capture.mainImage} size={72} />
          <LineFacts line={line} />
        </li>
      ))}
    </ul>
  );
}
