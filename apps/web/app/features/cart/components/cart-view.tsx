import { CART_MESSAGE_MAX_LENGTH, selectionSubtotal } from '@crossbuy/core/cart';
import type { Product } from '@crossbuy/core/catalogue';
import { formatErrorMessage, messageForError } from '@crossbuy/core/errors';
import { type CurrencyCode, formatMoney, type Money, money, sumMoney } from '@crossbuy/core/money';
import { type CartLikeQuotationLine, toCartLikeLine } from '@crossbuy/core/quotation';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses, textLinkClasses } from '../../../components/ui/button';
import { LineThumbnail } from '../../../components/ui/line-thumbnail';
import { Loading } from '../../../components/ui/loading';
import { LoadFailure } from '../../../components/ui/page-states';
import { QuantityField } from '../../../components/ui/quantity-field';
import { track } from '../../../lib/analytics';
import { majorUnits, productItem } from '../../../lib/product-analytics';
import { useRedirectToSignIn } from '../../../lib/redirect-to-sign-in';
import { useUser } from '../../../lib/user-store';
import {
  type CartItemAnswer,
  useAddToCart,
  useCart,
  useCartQuotationItems,
  useMoveToQuotation,
  useRemoveCartItem,
  useStartCheckout,
  useUpdateCartItem,
} from '../api/cart-api';
import { type SelectionIds, useCartSelection } from '../checkout-selection';
import { CheckboxTarget } from './checkbox-target';
import { QuotationLineRow, quotationLineRefusal } from './quotation-line-row';

type CartViewProps = {
  /** The currency of the shopper's region: an empty selection still costs nothing in it. */
  currency: CurrencyCode;
  /** The item just added ('Buy now', add to cart), from ?itemId. */
  highlightedItemId: string | null;
};

type CartLine = CartItemAnswer;
/** What the page last did, said in a live region; a removal can be undone from here. */
type Notice = { text: string; undo?: CartLine; link?: { to: string; label: string } };

export function CartView({ currency, highlightedItemId }: CartViewProps) {
  const { signedIn, profileFetched } = useUser();
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10" aria-labelledby="cart-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 id="cart-heading" className="text-3xl font-bold tracking-tight">
          Your cart
        </h1>
        {signedIn ? (
          <Link to="/quotations" className={textLinkClasses}>
            Your quotations
          </Link>
        ) : null}
      </div>
      {signedIn ? (
        <SignedInCart currency={currency} highlightedItemId={highlightedItemId} />
      ) : profileFetched ? (
        <>
          <EmptyCart visitor />
          <Subtotal value={money(0, currency)} chosen={0} count={0} />
        </>
      ) : (
        <div className="mt-8">
          <Loading>Loading your cart…</Loading>
        </div>
      )}
    </section>
  );
}

/** The price of the lines chosen for checkout; an empty cart shows zero in the region's currency. */
function Subtotal({ value, chosen, count }: { value: Money; chosen: number; count: number }) {
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

function EmptyCart({ visitor = false }: { visitor?: boolean }) {
  const redirectToSignIn = useRedirectToSignIn();
  return (
    <div className="mt-8 flex flex-col items-start gap-4 rounded-2xl border border-line bg-white p-6">
      <p className="text-lg font-semibold">Your cart is empty</p>
      <p className="text-muted">
        Find something in our catalogue, or paste a link from a marketplace abroad to get a quotation.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/" className={buttonClasses('primary')}>
          Continue shopping
        </Link>
        {visitor ? (
          <button type="button" className={buttonClasses('secondary')} onClick={() => redirectToSignIn()}>
            Sign in to see your saved cart
          </button>
        ) : (
          <Link to="/quotations/new" className={buttonClasses('secondary')}>
            Request a quotation
          </Link>
        )}
      </div>
    </div>
  );
}

/** Opens checkout for the chosen lines; a refusal (a line that can no longer be bought) is shown here. */
function CheckoutButton({ selection }: { selection: SelectionIds }) {
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
      <Button
        onClick={() => void start()}
        disabled={count === 0 || startCheckout.isPending}
        aria-describedby={count === 0 ? 'checkout-hint' : undefined}
      >
        {startCheckout.isPending ? 'Opening checkout…' : 'Check out'}
      </Button>
      {count === 0 ? (
        <p id="checkout-hint" className="text-sm text-muted">
          Choose the items to check out.
        </p>
      ) : null}
    </div>
  );
}

function SignedInCart({ currency, highlightedItemId }: CartViewProps) {
  const cart = useCart();
  const quotations = useCartQuotationItems();
  const addToCart = useAddToCart();
  const removeItem = useRemoveCartItem();
  const moveToQuotation = useMoveToQuotation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const viewed = useRef(false);

  const lines = useMemo<CartLine[]>(() => {
    if (!cart.data) return [];
    const products = new Map<string, Product>(cart.data.products.map((product) => [product.uuid, product]));
    return cart.data.cartItems.flatMap((cartItem) => {
      const product = products.get(cartItem.productId);
      return product ? [{ cartItem, product }] : [];
    });
  }, [cart.data]);
  const quotationLines = useMemo<CartLikeQuotationLine[]>(() => {
    if (!quotations.data) return [];
    const products = new Map(quotations.data.products.map((product) => [product.uuid, product]));
    return quotations.data.quotationItems.map((item) =>
      toCartLikeLine(item, products.get(item.productSourceData?.productId ?? '') ?? null),
    );
  }, [quotations.data]);
  // A quotation list that cannot be read leaves the cart lines to choose from.
  const quotationsSettled = quotations.isSuccess || quotations.isError;
  const selectable = useMemo<SelectionIds | undefined>(
    () =>
      cart.data && quotationsSettled
        ? {
            cartItemIds: lines
              .filter(({ cartItem }) => cartItem.available)
              .map(({ cartItem }) => cartItem.id),
            quotationItemIds: quotationLines
              .filter((line) => quotationLineRefusal(line) === null)
              .map(({ item }) => item.id),
          }
        : undefined,
    [cart.data, quotationsSettled, lines, quotationLines],
  );
  const selection = useCartSelection(selectable, highlightedItemId);
  const chosenLines = lines.filter(({ cartItem }) => selection.isSelected('cart', cartItem.id));
  const chosenQuotations = quotationLines.filter(({ item }) => selection.isSelected('quotation', item.id));
  const subtotalCurrency =
    lines[0]?.cartItem.unitPrice.currency ?? quotationLines[0]?.item.price.currency ?? currency;
  const subtotal = sumMoney(
    [
      selectionSubtotal(
        chosenLines.map(({ cartItem }) => cartItem),
        subtotalCurrency,
      ),
      ...chosenQuotations.map(({ item }) => item.price),
    ],
    subtotalCurrency,
  );
  const lineCount = lines.length + quotationLines.length;

  // view_cart once per visit of the page, with what the cart held when it was first shown.
  useEffect(() => {
    if (viewed.current || !cart.data) return;
    viewed.current = true;
    const all = selectionSubtotal(
      lines.map(({ cartItem }) => cartItem),
      lines[0]?.cartItem.unitPrice.currency ?? currency,
    );
    track('view_cart', {
      currency: all.currency,
      value: majorUnits(all),
      items: lines.map(({ cartItem, product }) =>
        productItem(product, {
          price: cartItem.unitPrice,
          variant: cartItem.variantLabel,
          quantity: cartItem.quantity,
        }),
      ),
    });
  }, [cart.data, lines, currency]);

  if (cart.isPending || quotations.isPending) {
    return (
      <div className="mt-8">
        <Loading>Loading your cart…</Loading>
      </div>
    );
  }
  if (cart.isError) {
    return (
      <LoadFailure what="your cart" error={cart.error} onRetry={() => void cart.refetch()} className="mt-8" />
    );
  }

  const remove = async (line: CartLine) => {
    setFailure(null);
    try {
      await removeItem.mutateAsync(line);
      setNotice({ text: `Removed ${line.product.name} from your cart.`, undo: line });
    } catch (error) {
      setFailure(messageForError(error));
    }
  };

  const undo = async (line: CartLine) => {
    setFailure(null);
    try {
      await addToCart.mutateAsync({
        productId: line.cartItem.productId,
        variantPath: line.cartItem.variantPath,
        quantity: line.cartItem.quantity,
        message: line.cartItem.message,
      });
      setNotice({ text: `${line.product.name} is back in your cart.` });
    } catch (error) {
      setFailure(messageForError(error));
    }
  };

  const move = async (line: CartLine) => {
    setFailure(null);
    try {
      const { quotationItem } = await moveToQuotation.mutateAsync(line.cartItem.id);
      setNotice({
        text: `Moved ${line.product.name} to your quotations.`,
        link: { to: `/quotations/${quotationItem.id}`, label: 'See the request' },
      });
    } catch (error) {
      setFailure(messageForError(error));
    }
  };

  return (
    <>
      <div aria-live="polite" className="mt-6 empty:hidden">
        {notice ? (
          <p className="flex flex-wrap items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
            {notice.text}
            {notice.undo ? (
              <Button
                variant="secondary"
                className="min-h-9"
                onClick={() => notice.undo && void undo(notice.undo)}
              >
                Undo
              </Button>
            ) : null}
            {notice.link ? (
              <Link to={notice.link.to} className={textLinkClasses}>
                {notice.link.label}
              </Link>
            ) : null}
          </p>
        ) : null}
      </div>
      {failure ? (
        <div className="mt-4">
          <Alert>{failure}</Alert>
        </div>
      ) : null}

      {quotations.isError ? (
        <div className="mt-4">
          <Alert>We could not load your quotations: {messageForError(quotations.error)}</Alert>
        </div>
      ) : null}

      {lineCount === 0 ? (
        <EmptyCart />
      ) : (
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
            <ul
              className="mt-3 divide-y divide-line rounded-2xl border border-line bg-white"
              aria-label="Cart items"
            >
              {lines.map((line) => (
                <CartLineRow
                  key={line.cartItem.id}
                  line={line}
                  highlighted={line.cartItem.id === highlightedItemId}
                  selected={selection.isSelected('cart', line.cartItem.id)}
                  onSelect={(checked) => selection.toggle('cart', line.cartItem.id, checked)}
                  onRemove={() => void remove(line)}
                  onMove={() => void move(line)}
                  onFailure={setFailure}
                />
              ))}
            </ul>
          ) : null}
          {quotationLines.length > 0 ? (
            <>
              <h2 className="mt-6 text-lg font-semibold">Quotations</h2>
              <ul
                className="mt-3 divide-y divide-line rounded-2xl border border-line bg-white"
                aria-label="Quotation items"
              >
                {quotationLines.map((line) => (
                  <QuotationLineRow
                    key={line.item.id}
                    line={line}
                    selected={selection.isSelected('quotation', line.item.id)}
                    onSelect={(checked) => selection.toggle('quotation', line.item.id, checked)}
                  />
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}

      <Subtotal value={subtotal} chosen={chosenLines.length + chosenQuotations.length} count={lineCount} />
      {lineCount > 0 ? <CheckoutButton selection={selection.chosen} /> : null}
    </>
  );
}

type CartLineRowProps = {
  line: CartLine;
  highlighted: boolean;
  selected: boolean;
  onSelect: (checked: boolean) => void;
  onRemove: () => void;
  onMove: () => void;
  onFailure: (message: string | null) => void;
};

function CartLineRow({
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
      <div className="flex items-start gap-3">
        <CheckboxTarget htmlFor={`${id}-select`}>
          <input
            id={`${id}-select`}
            type="checkbox"
            className="size-5 accent-brand-700"
            checked={selected}
            disabled={!available}
            onChange={(event) => onSelect(event.target.checked)}
            aria-label={`Select ${product.name} for checkout`}
          />
        </CheckboxTarget>
        <LineThumbnail image={product.mainImage} size={72} />
      </div>
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
