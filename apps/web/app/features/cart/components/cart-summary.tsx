import { messageForError } from '@crossbuy/core/errors';
import { formatMoney, type Money } from '@crossbuy/core/money';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { PendingButton } from '../../../components/ui/button';
import { useStartCheckout } from '../api/cart-api';
import type { SelectionIds } from '../checkout-selection';

/** The price of the lines chosen for checkout; an empty cart shows zero in the region's currency. */
export function Subtotal({ value, chosen, count }: { value: Money; chosen: number; count: number }) {
  return (
    <dl className="mt-6 flex items-center justify-between gap-3 border-t border-line pt-4 text-lg">
      <dt className="font-semibold">
        Subtotal of the selection{' '}
        <span className="text-sm font-normal text-muted">
          ({chosen} of {count} {count === 1 ? 'item' : 'items'})
        </span>
      </dt>
      <dd className="font-semibold" data-testid="cart-subtotal" aria-live="polite">
        {formatMoney(value)}
      </dd>
    </dl>
  );
}

/** Opens checkout for the chosen lines; a refusal (a line that can no longer be bought) is shown here. */
export function CheckoutButton({ selection }: { selection: SelectionIds }) {
  const startCheckout = useStartCheckout();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);
  const count = selection.cartItemIds.length + selection.quotationItemIds.length;

  const start = async () => {
    setRefusal(null);
    try {
      const session = await startCheckout.mutateAsync(selection);
      navigate(`/checkout?session=${encodeURIComponent(session.key)}`);
    } catch (error) {
      setRefusal(messageForError(error));
    }
  };

  return (
    <div className="mt-4 flex flex-col items-stretch gap-3 sm:items-end">
      {refusal ? <Alert>{refusal}</Alert> : null}
      <PendingButton
        pending={startCheckout.isPending}
        pendingLabel="Opening checkout…"
        onClick={() => void start()}
        disabled={count === 0}
        aria-describedby={count === 0 ? 'checkout-hint' : undefined}
      >
        Check out
      </PendingButton>
      {count === 0 ? (
        <p id="checkout-hint" className="text-sm text-muted">
          Choose the items to check out.
        </p>
      ) : null}
    </div>
  );
}
