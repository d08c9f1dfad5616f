import type { AddToCart, Cart, CartItemAnswer, UpdateCartItem } from '@crossbuy/core/cart';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { track } from '../../../lib/analytics';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { majorUnits, productItem } from '../../../lib/product-analytics';
import { CART_KEY, QUOTATION_ITEMS_KEY } from '../../../lib/query-keys';
import { useShopperRegions } from '../../../lib/region-store';
import { useUser } from '../../../lib/user-store';
import type { SelectionIds } from '../checkout-selection';

export type { CartItemAnswer };

const cartKey = (userId: string | undefined, region: string | undefined) =>
  [...CART_KEY, userId ?? null, region ?? null] as const;

function useRegionCode(): string | undefined {
  return useShopperRegions().current?.countryCode;
}

/** `GET /cart` in the shopper's region; nothing is asked for a visitor. */
export function useCart() {
  const { signedIn, profile } = useUser();
  const region = useRegionCode();
  return useQuery({
    queryKey: cartKey(profile?.id, region),
    queryFn: async () => answerOf(await storeClient.GET('/cart', { params: { query: { region } } })),
    enabled: signedIn,
  });
}

/** How many things are in the cart (the sum of the lines' quantities), for the header. */
export function useCartCount(): number | undefined {
  const { data } = useCart();
  return data?.cartItems.reduce((total, line) => total + line.quantity, 0);
}

/** Puts a changed or new line into every cached cart, so the header and the page update at once. */
function storeLine(queryClient: QueryClient, { cartItem, product }: CartItemAnswer): void {
  queryClient.setQueriesData<Cart>({ queryKey: CART_KEY }, (cart) => {
    if (!cart) return cart;
    const exists = cart.cartItems.some((line) => line.id === cartItem.id);
    return {
      cartItems: exists
        ? cart.cartItems.map((line) => (line.id === cartItem.id ? cartItem : line))
        : [...cart.cartItems, cartItem],
      products: [...cart.products.filter((known) => known.uuid !== product.uuid), product],
    };
  });
  // Prices are per region: the other regions' carts are read again when next shown.
  void queryClient.invalidateQueries({ queryKey: CART_KEY });
}

function dropLine(queryClient: QueryClient, id: string): void {
  queryClient.setQueriesData<Cart>({ queryKey: CART_KEY }, (cart) =>
    cart ? { ...cart, cartItems: cart.cartItems.filter((line) => line.id !== id) } : cart,
  );
  void queryClient.invalidateQueries({ queryKey: CART_KEY });
}

/** The add_to_cart and remove_from_cart events carry the line's value at its unit price. */
export function trackCartLine(
  name: 'add_to_cart' | 'remove_from_cart',
  { cartItem, product }: CartItemAnswer,
  quantity: number,
): void {
  const value = { ...cartItem.unitPrice, amountMinor: cartItem.unitPrice.amountMinor * quantity };
  track(name, {
    currency: value.currency,
    value: majorUnits(value),
    items: [productItem(product, { price: cartItem.unitPrice, variant: cartItem.variantLabel, quantity })],
  });
}

/** `POST /cart`: a new line, or more of a line already there; records add_to_cart for what was added. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  const region = useRegionCode();
  return useMutation({
    mutationFn: async (line: AddToCart) =>
      answerOf(await storeClient.POST('/cart', { params: { query: { region } }, body: line })),
    onSuccess: (answer, line) => {
      storeLine(queryClient, answer);
      trackCartLine('add_to_cart', answer, line.quantity);
    },
  });
}

/** `PUT /cart/{id}`: quantity or message only (docs/rules/cart-and-checkout.md). */
export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  const region = useRegionCode();
  return useMutation({
    mutationFn: async ({ id, update }: { id: string; update: UpdateCartItem }) =>
      answerOf(
        await storeClient.PUT('/cart/{id}', { params: { path: { id }, query: { region } }, body: update }),
      ),
    onSuccess: (answer) => storeLine(queryClient, answer),
  });
}

/** `DELETE /cart/{id}`; records remove_from_cart for the whole line. */
export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (line: CartItemAnswer) => {
      await storeClient.DELETE('/cart/{id}', { params: { path: { id: line.cartItem.id } } });
    },
    onSuccess: (_answer, line) => {
      dropLine(queryClient, line.cartItem.id);
      trackCartLine('remove_from_cart', line, line.cartItem.quantity);
    },
  });
}

/** `POST /quotation_item/internal`: the line leaves the cart for the quotation list, in one step. */
export function useMoveToQuotation() {
  const queryClient = useQueryClient();
  const region = useRegionCode();
  return useMutation({
    mutationFn: async (cartItemId: string) =>
      answerOf(
        await storeClient.POST('/quotation_item/internal', {
          params: { query: { region } },
          body: { cartItemId },
        }),
      ),
    onSuccess: (_answer, cartItemId) => {
      dropLine(queryClient, cartItemId);
      void queryClient.invalidateQueries({ queryKey: QUOTATION_ITEMS_KEY });
    },
  });
}

/**
 * `GET /quotation_item`: the quotation items not yet ordered, shown among the cart lines (the
 * cart-like lines of docs/rules/cart-and-checkout.md) so the answered ones can be checked out with them.
 */
export function useCartQuotationItems() {
  const { signedIn, profile } = useUser();
  const region = useRegionCode();
  return useQuery({
    queryKey: [...QUOTATION_ITEMS_KEY, profile?.id ?? null, region ?? null, 'cart-lines'],
    queryFn: async () =>
      answerOf(await storeClient.GET('/quotation_item', { params: { query: { region } } })),
    enabled: signedIn,
  });
}

/** `POST /checkout/session`: the chosen lines, held for the checkout page under the session's key. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: async (selection: SelectionIds) =>
      answerOf(await storeClient.POST('/checkout/session', { body: selection })),
  });
}
