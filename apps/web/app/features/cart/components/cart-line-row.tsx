import { CART_MESSAGE_MAX_LENGTH } from '@crossbuy/core/cart';
import { formatErrorMessage, messageForError } from '@crossbuy/core/errors';
import { formatMoney } from '@crossbuy/core/money';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { QuantityField } from '../../../components/ui/quantity-field';
import { useUpdateCartItem } from '../api/cart-api';
import type { CartLine } from '../hooks/use-cart-lines';
import { LineChoice } from './line-choice';

type CartLineRowProps = {
  line: CartLine;
  highlighted: boolean;
  selected: boolean;
  onSelect: (checked: boolean) => void;
  onRemove: () => void;
  onMove: () => void;
  onFailure: (message: string | null) => void;
};

/** One cart line: chosen for checkout or not, its quantity and message saved as they change. */
export function CartLineRow({
  line,
  highlighted,
  selected,
  onSelect,
  onRemove,
  onMove,
  onFailure,
}: CartLineRowProps) {
  const { cartItem, product } = line;
  const update = useUpdateCartItem();
  const row = useRef<HTMLLIElement>(null);
  const [message, setMessage] = useState(cartItem.message);
  const id = `cart-line-${cartItem.id}`;

  useEffect(() => setMessage(cartItem.message), [cartItem.message]);
  // The line just added is brought into view once, when the page opens on it.
  useEffect(() => {
    if (highlighted) row.current?.scrollIntoView?.({ block: 'center' });
  }, [highlighted]);

  /** Saves a change; a refusal is said above the lines and the fields show the line as it is. */
  const save = async (change: { quantity?: number; message?: string }): Promise<boolean> => {
    onFailure(null);
    try {
      await update.mutateAsync({ id: cartItem.id, update: change });
      return true;
    } catch (error) {
      onFailure(messageForError(error));
      setMessage(cartItem.message);
      return false;
    }
  };

  const lineTotal = {
    ...cartItem.unitPrice,
    amountMinor: cartItem.unitPrice.amountMinor * cartItem.quantity,
  };
  const available = cartItem.available;
  const shortOfStock = available && !cartItem.inStock;

  return (
    <li
      ref={row}
      id={id}
      data-highlighted={highlighted || undefined}
      aria-label={product.name}
      className="flex flex-col gap-3 p-4 data-highlighted:bg-brand-50 sm:flex-row sm:items-start"
    >
      <LineChoice
        id={id}
        name={product.name}
        image={product.mainImage}
        selected={selected}
        disabled={!available}
        onSelect={onSelect}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <Link to={`/product/${product.paramName}`} className="font-semibold hover:underline">
              {product.name}
            </Link>
            {highlighted ? (
              <span className="ms-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
                Just added
              </span>
            ) : null}
            {cartItem.variantLabel ? <p className="text-sm text-muted">{cartItem.variantLabel}</p> : null}
            <p className="text-sm text-muted">{formatMoney(cartItem.unitPrice)} each</p>
          </div>
          <p className="font-semibold" data-testid="line-total">
            {formatMoney(lineTotal)}
          </p>
        </div>

        {!available ? (
          <p className="text-sm font-semibold text-danger-700">
            {formatErrorMessage('cart/product_unavailable')}
          </p>
        ) : null}

        <div className="flex flex-wrap items-start gap-3">
          <fieldset className="flex flex-col gap-1" disabled={!available}>
            <legend className="mb-1 text-sm font-medium">Quantity</legend>
            <QuantityField
              id={`${id}-quantity`}
              productName={product.name}
              quantity={cartItem.quantity}
              unitsInStock={cartItem.stockAvailable}
              onChange={(quantity) => save({ quantity })}
              stepper
              busy={update.isPending}
              fewestReason="1 is the fewest: to take it out of your cart, use Remove."
              noteId={shortOfStock ? `${id}-stock` : undefined}
            />
            {shortOfStock ? (
              <p id={`${id}-stock`} className="max-w-64 text-sm font-semibold text-danger-700">
                {cartItem.stockAvailable > 0
                  ? `Only ${cartItem.stockAvailable} left: choose ${cartItem.stockAvailable} or fewer.`
                  : 'Out of stock for now.'}
              </p>
            ) : null}
          </fieldset>
          {/* Level with the quantity's input, below its legend, whatever is said under the input. */}
          <div className="flex flex-wrap gap-2 sm:pt-6">
            <Button variant="secondary" onClick={onMove} disabled={!available}>
              Move to quotation
            </Button>
            <Button variant="secondary" onClick={onRemove} aria-label={`Remove ${product.name}`}>
              Remove
            </Button>
          </div>
        </div>

        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">Message for the store (optional)</span>
          <input
            type="text"
            maxLength={CART_MESSAGE_MAX_LENGTH}
            value={message}
            disabled={!available}
            onChange={(event) => setMessage(event.target.value)}
            onBlur={() => {
              if (message !== cartItem.message) void save({ message });
            }}
            className="min-h-11 rounded-lg border border-line bg-white px-3 text-base"
          />
        </label>
      </div>
    </li>
  );
}
