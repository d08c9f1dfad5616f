import {
  CART_MAX_QUANTITY,
  fitCartQuantity,
  mostCartQuantity,
  type QuantityLimit,
} from '@crossbuy/core/cart';
import { useEffect, useState } from 'react';
import { buttonClasses } from './button';

type QuantityFieldProps = {
  /** Prefix of the ids of the input, its note and its reason. */
  id: string;
  /** The product's name, for the names of the input and its steppers. */
  productName: string;
  /** A visible label; without it the input is named "Quantity of <product>". */
  label?: string;
  quantity: number;
  /** Units of the chosen variant (or the product) in stock; null while an option is not chosen. */
  unitsInStock: number | null;
  /** Answers false when the change could not be saved, so the field shows the quantity again. */
  onChange: (quantity: number) => unknown;
  /** Show − and + beside the input. */
  stepper?: boolean;
  /** Said in place of the reason when a shopper goes below one (the cart offers Remove instead). */
  fewestReason?: string;
  /** The id of a standing note about the quantity (how many are left), read with the field. */
  noteId?: string | undefined;
  disabled?: boolean;
  /** A change is being saved: the steppers refuse another press but keep the focus. */
  busy?: boolean;
  /**
   * Fit the quantity again when the stock changes (another option chosen on a product page). A cart line
   * is not changed behind the shopper's back: its note says the stock is short instead.
   */
  refitWhenStockChanges?: boolean;
};

/** Why the field changed what the shopper typed, said next to it. */
export function quantityReason(
  limit: QuantityLimit,
  quantity: number,
  fewestReason = '1 is the fewest you can buy.',
): string {
  switch (limit) {
    case 'fewest':
      return fewestReason;
    case 'stock':
      return `Only ${quantity} left, so the quantity is ${quantity}.`;
    case 'most':
      return `${CART_MAX_QUANTITY} is the most of one item in a cart.`;
  }
}

/**
 * A quantity that cannot be left out of bounds: what is typed is fitted to 1, the stock and the cart's
 * bound once the shopper leaves the field or presses Enter (core's rule), and the reason for a change is
 * said beside the field and read with it, instead of a banner away from it.
 */
export function QuantityField({
  id,
  productName,
  label,
  quantity,
  unitsInStock,
  onChange,
  stepper = false,
  fewestReason,
  noteId,
  disabled = false,
  busy = false,
  refitWhenStockChanges = false,
}: QuantityFieldProps) {
  const [text, setText] = useState(String(quantity));
  const [reason, setReason] = useState<string | null>(null);
  const reasonId = `${id}-reason`;
  const most = mostCartQuantity(unitsInStock);

  useEffect(() => setText(String(quantity)), [quantity]);

  const overStock = refitWhenStockChanges && quantity > mostCartQuantity(unitsInStock);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of stock refits, not each render
  useEffect(() => {
    if (overStock) commit(quantity);
  }, [overStock, unitsInStock]);

  const commit = (requested: number) => {
    const fitted = fitCartQuantity(requested, unitsInStock);
    setText(String(fitted.quantity));
    setReason(fitted.limit ? quantityReason(fitted.limit, fitted.quantity, fewestReason) : null);
    if (fitted.quantity === quantity) return;
    const before = quantity;
    void Promise.resolve(onChange(fitted.quantity)).then((saved) => {
      if (saved === false) setText(String(before));
    });
  };
  const commitText = () => {
    // An emptied field means nothing was asked: it shows the quantity again.
    if (text.trim() === '') {
      setText(String(quantity));
      return;
    }
    commit(Number(text));
  };
  // The steppers stay pressable at the bounds, so a press there says why the quantity does not move
  // (and a disabled button would drop the keyboard focus).
  const step = (by: number) => {
    if (!busy) commit(quantity + by);
  };

  const describedBy = [noteId, reason ? reasonId : undefined].filter(Boolean).join(' ') || undefined;
  const input = (
    <input
      id={`${id}-input`}
      type="number"
      inputMode="numeric"
      min={1}
      max={most}
      step={1}
      aria-label={label ? undefined : `Quantity of ${productName}`}
      aria-describedby={describedBy}
      value={text}
      disabled={disabled}
      onChange={(event) => setText(event.target.value)}
      onBlur={commitText}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commitText();
      }}
      className="min-h-11 w-20 rounded-lg border border-line bg-white px-2 text-center text-base"
    />
  );

  // Named for what they do to the quantity: the signs alone read as "minus" and "plus".
  const stepButton = (by: 1 | -1) => (
    <button
      type="button"
      className={buttonClasses('secondary', 'min-w-11 px-0')}
      aria-label={`${by < 0 ? 'One fewer' : 'One more'} ${productName}`}
      aria-disabled={busy || undefined}
      disabled={disabled}
      onClick={() => step(by)}
    >
      {by < 0 ? '−' : '+'}
    </button>
  );

  return (
    <div className="flex flex-col gap-1">
      {label ? (
        <label htmlFor={`${id}-input`} className="text-sm font-semibold">
          {label}
        </label>
      ) : null}
      {stepper ? (
        <div className="flex items-center gap-1">
          {stepButton(-1)}
          {input}
          {stepButton(1)}
        </div>
      ) : (
        input
      )}
      <p
        id={reasonId}
        aria-live="polite"
        className="max-w-64 text-sm font-medium text-amber-800 empty:hidden"
      >
        {reason}
      </p>
    </div>
  );
}
