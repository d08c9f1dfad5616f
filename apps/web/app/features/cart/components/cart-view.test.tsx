import type { CartItem } from '@crossbuy/core/cart';
import type { Product } from '@crossbuy/core/catalogue';
import type { QuotationItem } from '@crossbuy/core/quotation';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemorySink, type MemorySink, setAnalyticsSink } from '../../../lib/analytics';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { REDIRECT_AFTER_SIGN_IN_KEY } from '../../../lib/redirect-to-sign-in';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aCartItem, aProduct, aQuotationItem } from '../../../test-support/cart-fixtures';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { CHECKOUT_SELECTION_KEY } from '../checkout-selection';
import { CartView } from './cart-view';

const api = fakeApi();
let sink: MemorySink;

const cooker = aProduct();
const tea = aProduct({
  uuid: 'p2',
  paramName: 'green-tea-p2',
  name: 'Green tea',
  price: { amountMinor: 450, currency: 'SGD' },
});
const cartItems = [
  aCartItem(),
  aCartItem({ id: 'c2', productId: 'p2', quantity: 3, unitPrice: { amountMinor: 450, currency: 'SGD' } }),
];

/** A cart on the fake server that the calls change, as the real one would. */
function serveCart(lines: CartItem[], products: Product[], quotationItems: QuotationItem[] = []) {
  let stored = [...lines];
  api.respond(({ method, path, body }) => {
    const id = /^\/cart\/([^?]+)/.exec(path)?.[1];
    if (method === 'GET' && path.startsWith('/quotation_item')) {
      return json(200, { quotationItems, products: [] });
    }
    if (method === 'POST' && path === '/checkout/session') {
      const { cartItemIds, quotationItemIds } = body as { cartItemIds: string[]; quotationItemIds: string[] };
      if (cartItemIds.includes('c3')) return json(400, envelope('checkout/item_unavailable', ['Old kettle']));
      return json(201, {
        key: 'k1',
        cartItemIds,
        quotationItemIds,
        expiresAt: '2026-11-21T00:00:00.000Z',
        orderId: null,
      });
    }
    if (method === 'GET' && path.startsWith('/cart')) return json(200, { cartItems: stored, products });
    if (method === 'DELETE' && id) {
      stored = stored.filter((line) => line.id !== id);
      return json(204);
    }
    if (method === 'PUT' && id) {
      stored = stored.map((line) => (line.id === id ? { ...line, ...(body as object) } : line));
      const cartItem = stored.find((line) => line.id === id);
      return json(200, {
        cartItem,
        product: products.find((product) => product.uuid === cartItem?.productId),
      });
    }
    if (method === 'POST' && path.startsWith('/cart')) {
      const { productId, variantPath, quantity, message } = body as CartItem;
      const cartItem = aCartItem({ id: `new-${productId}`, productId, variantPath, quantity, message });
      stored = [...stored, cartItem];
      return json(201, { cartItem, product: products.find((product) => product.uuid === productId) });
    }
    return json(404, {});
  });
}

beforeEach(() => {
  sink = createMemorySink();
  setAnalyticsSink(sink);
  serveCart(cartItems, [cooker, tea]);
});

afterEach(() => {
  cleanup();
  setAnalyticsSink(null);
  resetUserState();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

function signIn() {
  userStore.set({ signedIn: true, tfaPassed: true, profileFetched: true, profile: aProfile() });
}

function renderCart(highlightedItemId: string | null = null) {
  const Stub = createRoutesStub([
    {
      path: '/cart',
      Component: () => (
        <ShellQueryProvider userId="u1">
          <CartView currency="SGD" highlightedItemId={highlightedItemId} />
        </ShellQueryProvider>
      ),
    },
    { path: '/sign_in', Component: () => <h1>Sign-in page</h1> },
    { path: '/checkout', Component: () => <h1>Checkout page {useLocation().search}</h1> },
  ]);
  return render(<Stub initialEntries={['/cart']} />);
}

const storedSelection = () => JSON.parse(sessionStorage.getItem(CHECKOUT_SELECTION_KEY) ?? '{}').cartItemIds;
const subtotal = () => screen.getByTestId('cart-subtotal').textContent;

describe('CartView', () => {
  it('offers a visitor to sign in and come back to the cart', async () => {
    act(() => resetUserState());
    window.history.replaceState(null, '', '/cart');
    renderCart();
    expect(screen.getByText('Your cart is empty')).toBeTruthy();
    expect(subtotal()).toMatch(/^S\$0\.00$/);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to see your saved cart' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeTruthy();
    expect(sessionStorage.getItem(REDIRECT_AFTER_SIGN_IN_KEY)).toBe('/cart');
    expect(api.calls).toEqual([]);
  });

  it('shows the empty state of a signed-in shopper with a zero subtotal', async () => {
    serveCart([], []);
    signIn();
    renderCart();
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
    expect(subtotal()).toMatch(/^S\$0\.00$/);
  });

  it('selects every line by default, highlights the line from ?itemId, and records view_cart', async () => {
    signIn();
    renderCart('c2');
    const tea = await screen.findByRole('listitem', { name: 'Green tea' });
    const cooker = screen.getByRole('listitem', { name: 'Rice cooker' });
    expect(tea.hasAttribute('data-highlighted')).toBe(true);
    expect(cooker.hasAttribute('data-highlighted')).toBe(false);
    expect(within(tea).getByText('Just added')).toBeTruthy();
    await waitFor(() =>
      expect((within(cooker).getByRole('checkbox') as HTMLInputElement).checked).toBe(true),
    );
    expect((within(tea).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement).checked).toBe(true);
    expect(subtotal()).toMatch(/^S\$103\.40$/);
    expect((screen.getByRole('button', { name: 'Check out' }) as HTMLButtonElement).disabled).toBe(false);
    expect(sink.events.map((event) => event.name)).toEqual(['view_cart']);
    expect(sink.events[0]?.params).toMatchObject({ currency: 'SGD', value: 103.4 });
  });

  it('checks the line from ?itemId even when the shopper had unchecked it', async () => {
    sessionStorage.setItem(
      CHECKOUT_SELECTION_KEY,
      JSON.stringify({ cartItemIds: [], quotationItemIds: [], offered: { cartItemIds: ['c1', 'c2'] } }),
    );
    signIn();
    renderCart('c2');
    const tea = await screen.findByRole('listitem', { name: 'Green tea' });
    await waitFor(() => expect((within(tea).getByRole('checkbox') as HTMLInputElement).checked).toBe(true));
    const cooker = screen.getByRole('listitem', { name: 'Rice cooker' });
    expect((within(cooker).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    expect(subtotal()).toMatch(/^S\$13\.50$/);
  });

  it('keeps a line the shopper unchecked unchecked, and selects a line added since', async () => {
    sessionStorage.setItem(
      CHECKOUT_SELECTION_KEY,
      JSON.stringify({ cartItemIds: ['c1'], quotationItemIds: [], offered: { cartItemIds: ['c1', 'c2'] } }),
    );
    serveCart(
      [
        ...cartItems,
        aCartItem({ id: 'c3', productId: 'p3', unitPrice: { amountMinor: 1000, currency: 'SGD' } }),
      ],
      [cooker, tea, aProduct({ uuid: 'p3', name: 'Kettle' })],
    );
    signIn();
    renderCart();
    const kettle = await screen.findByRole('listitem', { name: 'Kettle' });
    await waitFor(() =>
      expect((within(kettle).getByRole('checkbox') as HTMLInputElement).checked).toBe(true),
    );
    const teaRow = screen.getByRole('listitem', { name: 'Green tea' });
    expect((within(teaRow).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    expect(subtotal()).toMatch(/^S\$99\.90$/);
    await waitFor(() => expect(storedSelection()).toEqual(['c1', 'c3']));
  });

  it('selects all and none, keeps the selection for the visit and drops ids that no longer exist', async () => {
    sessionStorage.setItem(
      CHECKOUT_SELECTION_KEY,
      JSON.stringify({
        cartItemIds: ['c1', 'gone'],
        quotationItemIds: [],
        offered: { cartItemIds: ['c1', 'c2', 'gone'], quotationItemIds: [] },
      }),
    );
    signIn();
    renderCart();
    const cooker = await screen.findByRole('listitem', { name: 'Rice cooker' });
    await waitFor(() =>
      expect((within(cooker).getByRole('checkbox') as HTMLInputElement).checked).toBe(true),
    );
    expect(subtotal()).toMatch(/^S\$89\.90$/);
    await waitFor(() => expect(storedSelection()).toEqual(['c1']));

    const all = screen.getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement;
    expect(all.checked).toBe(false);
    await userEvent.click(all);
    expect(all.checked).toBe(true);
    expect(subtotal()).toMatch(/^S\$103\.40$/);
    expect(JSON.parse(sessionStorage.getItem(CHECKOUT_SELECTION_KEY) ?? '{}').cartItemIds).toEqual([
      'c1',
      'c2',
    ]);
    await userEvent.click(all);
    expect(subtotal()).toMatch(/^S\$0\.00$/);
    expect(screen.getByText('Choose the items to check out.')).toBeTruthy();
  });

  it('removes a line with undo, which puts the same line back', async () => {
    signIn();
    renderCart();
    await screen.findByRole('listitem', { name: 'Green tea' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Green tea' }));
    expect(api.calls.some((call) => call.method === 'DELETE' && call.path === '/cart/c2')).toBe(true);
    expect(await screen.findByText('Removed Green tea from your cart.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Green tea' })).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Green tea is back in your cart.')).toBeTruthy();
    const post = api.calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/cart');
    expect(post?.body).toEqual({ productId: 'p2', variantPath: '', quantity: 3, message: '' });
    expect(await screen.findByRole('listitem', { name: 'Green tea' })).toBeTruthy();
    expect(sink.events.map((event) => event.name)).toEqual(['view_cart', 'remove_from_cart', 'add_to_cart']);
    expect(sink.events[1]?.params).toMatchObject({ value: 13.5, items: [{ item_id: 'p2', quantity: 3 }] });
  });

  it('changes the quantity with the stepper and warns when stock is short or the product is gone', async () => {
    serveCart(
      [
        aCartItem(),
        { ...(cartItems[1] as CartItem), inStock: false, stockAvailable: 2 },
        aCartItem({ id: 'c3', productId: 'p3', available: false }),
      ],
      [cooker, tea, aProduct({ uuid: 'p3', name: 'Old kettle', disabled: true })],
    );
    signIn();
    renderCart();
    const cooker_ = await screen.findByRole('listitem', { name: 'Rice cooker' });
    await userEvent.click(within(cooker_).getByRole('button', { name: 'One more Rice cooker' }));
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/cart/c1');
    expect(put?.body).toEqual({ quantity: 2 });
    expect(await within(cooker_).findByText(/^S\$179\.80$/)).toBeTruthy();

    const teaRow = screen.getByRole('listitem', { name: 'Green tea' });
    expect(within(teaRow).getByText('Only 2 left: choose 2 or fewer.')).toBeTruthy();
    const old = screen.getByRole('listitem', { name: 'Old kettle' });
    expect(within(old).getByText('This product is no longer available')).toBeTruthy();
    expect((within(old).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
  });

  it('fits a typed quantity on the field, with the reason beside it and no banner', async () => {
    serveCart([aCartItem({ stockAvailable: 3 })], [cooker]);
    signIn();
    renderCart();
    const row = await screen.findByRole('listitem', { name: 'Rice cooker' });
    const quantity = within(row).getByLabelText('Quantity of Rice cooker') as HTMLInputElement;
    const reason = () => {
      const ids = (quantity.getAttribute('aria-describedby') ?? '').split(' ');
      return ids.map((id) => document.getElementById(id)?.textContent).join(' | ');
    };

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '5');
    await userEvent.tab();
    expect(quantity.value).toBe('3');
    expect(reason()).toBe('Only 3 left, so the quantity is 3.');
    await waitFor(() =>
      expect(api.calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
        { quantity: 3 },
      ]),
    );

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0{Enter}');
    expect(quantity.value).toBe('1');
    expect(reason()).toBe('1 is the fewest: to take it out of your cart, use Remove.');

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '999{Enter}');
    expect(quantity.value).toBe('3');
    expect(reason()).toBe('Only 3 left, so the quantity is 3.');
    expect(screen.queryByRole('alert')).toBeNull();

    // At the stock, + stays pressable and says why the quantity does not rise.
    await waitFor(() => expect(within(row).getByTestId('line-total').textContent).toMatch(/^S\$269\.70$/));
    const more = within(row).getByRole('button', { name: 'One more Rice cooker' });
    await userEvent.click(more);
    expect(document.activeElement).toBe(more);
    expect(quantity.value).toBe('3');
  });

  it('lists quotation items with the cart, choosable once quoted, and checks out the chosen ones', async () => {
    const quoted = aQuotationItem({
      id: 'q1',
      name: 'Kettle from Japan',
      status: 'r',
      unavailableReason: null,
      price: { amountMinor: 2500, currency: 'SGD' },
      statusData: {
        basePrice: null,
        quotedPrice: { SG: { amountMinor: 2500, currency: 'SGD' } },
        quotedAt: '2026-11-20T17:00:00.000Z',
        // 17:00 UTC on 27 November is 01:00 on the 28th in Singapore.
        expiresAt: '2026-11-27T17:00:00.000Z',
        declineReason: null,
        quoteTerms: null,
      },
    });
    const waiting = aQuotationItem({ id: 'q2', name: 'Lamp from Korea', sourceMarketPlace: 'Coupang' });
    const lapsed = aQuotationItem({
      id: 'q3',
      name: 'Old radio',
      status: 'r',
      unavailableReason: 'quotation/expired',
      statusData: {
        basePrice: null,
        quotedPrice: null,
        quotedAt: null,
        // 20:00 UTC on 9 November was already the 10th in Singapore.
        expiresAt: '2026-11-09T20:00:00.000Z',
        declineReason: null,
        quoteTerms: null,
      },
    });
    serveCart(cartItems, [cooker, tea], [quoted, waiting, lapsed]);
    signIn();
    renderCart();
    const quotations = await screen.findByRole('list', { name: 'Quotation items' });
    const kettle = within(quotations).getByRole('listitem', { name: 'Kettle from Japan' });
    expect(within(kettle).getByText('Quoted from Amazon')).toBeTruthy();
    expect(
      within(kettle).getByText(
        'The price and the exchange rate are locked until 28/11/2026 01:00:00 Singapore time.',
      ),
    ).toBeTruthy();
    const lamp = within(quotations).getByRole('listitem', { name: 'Lamp from Korea' });
    const lampBox = within(lamp).getByRole('checkbox') as HTMLInputElement;
    expect(lampBox.disabled).toBe(true);
    expect(within(lamp).getByText('The store is still quoting this item')).toBeTruthy();
    const radio = within(quotations).getByRole('listitem', { name: 'Old radio' });
    expect(within(radio).getByText(/^This quotation expired on 10\/11\/2026; request it again/)).toBeTruthy();
    expect(within(radio).queryByText(/locked until/)).toBeNull();
    expect(within(lamp).queryByText(/locked until/)).toBeNull();

    // The quoted item can be bought, so it starts chosen with the cart lines; the others cannot.
    await waitFor(() =>
      expect((within(kettle).getByRole('checkbox') as HTMLInputElement).checked).toBe(true),
    );
    expect(lampBox.checked).toBe(false);
    expect(subtotal()).toMatch(/^S\$128\.40$/);
    await userEvent.click(
      within(screen.getByRole('listitem', { name: 'Rice cooker' })).getByRole('checkbox'),
    );
    expect(subtotal()).toMatch(/^S\$38\.50$/);
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem(CHECKOUT_SELECTION_KEY) ?? '{}')).toMatchObject({
        cartItemIds: ['c2'],
        quotationItemIds: ['q1'],
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check out' }));
    expect(await screen.findByRole('heading', { name: 'Checkout page ?session=k1' })).toBeTruthy();
    expect(api.calls.find((call) => call.path === '/checkout/session')?.body).toEqual({
      cartItemIds: ['c2'],
      quotationItemIds: ['q1'],
    });
  });

  it('cannot check out nothing, and shows why the store refused a selection', async () => {
    sessionStorage.setItem(
      CHECKOUT_SELECTION_KEY,
      JSON.stringify({ cartItemIds: ['c3'], quotationItemIds: [], offered: { cartItemIds: ['c1', 'c3'] } }),
    );
    serveCart(
      [aCartItem(), aCartItem({ id: 'c3', productId: 'p3' })],
      [cooker, aProduct({ uuid: 'p3', name: 'Old kettle' })],
    );
    signIn();
    renderCart();
    const checkOut = await screen.findByRole('button', { name: 'Check out' });
    await waitFor(() => expect((checkOut as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(checkOut);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Old kettle is no longer available; remove it to continue',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Old kettle for checkout' }));
    expect((checkOut as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Choose the items to check out.')).toBeTruthy();
  });
});
