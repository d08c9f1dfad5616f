import type { CartLikeQuotationLine } from '@crossbuy/core/quotation';
import type { ReactNode } from 'react';
import type { CartSelection, SelectionIds } from '../checkout-selection';
import type { CartLine } from '../hooks/use-cart-lines';
import { CartLineRow } from './cart-line-row';
import { QuotationLineRow } from './quotation-line-row';

type CartListsProps = {
  lines: readonly CartLine[];
  quotationLines: readonly CartLikeQuotationLine[];
  /** The ids that can be chosen for checkout, once the cart and the quotations are read. */
  selectable: SelectionIds | undefined;
  selection: CartSelection;
  highlightedItemId: string | null;
  onRemove: (line: CartLine) => void;
  onMove: (line: CartLine) => void;
  onFailure: (message: string | null) => void;
};

/** The card the cart's lines, or its quoted items, are listed in, named for the screen reader. */
function LineList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-white" aria-label={label}>
      {children}
    </ul>
  );
}

/** The cart's lines and the quoted items, each chosen for checkout or not, with one box to choose them all. */
export function CartLists({
  lines,
  quotationLines,
  selectable,
  selection,
  highlightedItemId,
  onRemove,
  onMove,
  onFailure,
}: CartListsProps) {
  return (
    <>
      <div className="mt-6 flex">
        {/* The whole label is the touch target: at least 44 by 44 pixels around the box. */}
        <label className="-ms-3 flex min-h-11 cursor-pointer items-center gap-1 pe-3 text-sm font-semibold">
          <span className="flex size-11 items-center justify-center">
            <input
              id="cart-select-all"
              type="checkbox"
              className="size-5 accent-brand-700"
              checked={selection.allChecked}
              disabled={
                !selectable || selectable.cartItemIds.length + selectable.quotationItemIds.length === 0
              }
              onChange={(event) => selection.setAll(event.target.checked)}
            />
          </span>
          Select all
        </label>
      </div>
      {lines.length > 0 ? (
        <LineList label="Cart items">
          {lines.map((line) => (
            <CartLineRow
              key={line.cartItem.id}
              line={line}
              highlighted={line.cartItem.id === highlightedItemId}
              selected={selection.isSelected('cart', line.cartItem.id)}
              onSelect={(checked) => selection.toggle('cart', line.cartItem.id, checked)}
              onRemove={() => onRemove(line)}
              onMove={() => onMove(line)}
              onFailure={onFailure}
            />
          ))}
        </LineList>
      ) : null}
      {quotationLines.length > 0 ? (
        <>
          <h2 className="mt-6 text-lg font-semibold">Quotations</h2>
          <LineList label="Quotation items">
            {quotationLines.map((line) => (
              <QuotationLineRow
                key={line.item.id}
                line={line}
                selected={selection.isSelected('quotation', line.item.id)}
                onSelect={(checked) => selection.toggle('quotation', line.item.id, checked)}
              />
            ))}
          </LineList>
        </>
      ) : null}
    </>
  );
}
