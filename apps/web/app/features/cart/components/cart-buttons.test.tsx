import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aCartItem, aProduct } from '../../../test-support/cart-fixtures';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { CartButtons } from './cart-buttons';

const api = fakeApi();
const cooker = aProduct();

afterEach(() => {
  cleanup();
  resetUserState();
  sessionStorage.clear();
});

/** The store adds any line as c9; `checkout` answers the checkout session. */
function serve(checkout: () => Response) {
  api.respond(({ method, path, body }) => {
    if (method === 'POST' && path.startsWith('/cart')) {
      const { quantity } = body as { quantity: number };
      return json(201, { cartItem: aCartItem({ id: 'c9', quantity }), product: cooker });
    }
    if (method === 'POST' && path === '/checkout/session') return checkout();
    return json(404, {});
  });
}

function renderButtons(quantity = 1) {
  userStore.set({ signedIn: true, tfaPassed: true, profileFetched: true, profile: aProfile() });
  const Stub = createRoutesStub([
    {
      path: '/product',
      Component: () => (
        <ShellQueryProvider userId="u1">
          <CartButtons product={cooker} path="" quantity={quantity} />
        </ShellQueryProvider>
      ),
    },
    { path: '/checkout', Component: () => <h1>Checkout page {useLocation().search}</h1> },
  ]);
  render(<Stub initialEntries={['/product']} />);
}

const session = (cartItemIds: string[]) =>
  json(201, {
    key: 'k7',
    cartItemIds,
    quotationItemIds: [],
    expiresAt: '2026-11-29T00:00:00.000Z',
    orderId: null,
  });

describe('CartButtons', () => {
  it('Buy now adds the line and opens checkout with that line alone', async () => {
    serve(() => session(['c9']));
    renderButtons(2);
    await userEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(await screen.findByRole('heading', { name: 'Checkout page ?session=k7' })).toBeTruthy();
    expect(api.calls.map((call) => `${call.method} ${call.path.split('?')[0]}`)).toEqual([
      'POST /cart',
      'POST /checkout/session',
    ]);
    expect(api.calls[0]?.body).toEqual({ productId: 'p1', variantPath: '', quantity: 2, message: '' });
    expect(api.calls[1]?.body).toEqual({ cartItemIds: ['c9'], quotationItemIds: [] });
  });

  it('says why checkout could not open, with the way to the cart, when the store refuses it', async () => {
    serve(() => json(429, envelope('checkout/too_many_sessions', ['20', '5'])));
    renderButtons();
    await userEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(
      await screen.findByText(/^Added 1 to your cart, but checkout could not open: You have 20 unfinished/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your cart' }).getAttribute('href')).toBe('/cart');
  });

  it('keeps the focus on Add to cart while it works, and announces what was added', async () => {
    serve(() => session([]));
    renderButtons();
    const add = screen.getByRole('button', { name: 'Add to cart' });
    add.focus();
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Add to cart|Adding…/ }));
    const said = await screen.findByText('Added 1 to your cart.');
    expect(said.closest('[aria-live="polite"]')).not.toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(add));
    expect(add.hasAttribute('disabled')).toBe(false);
  });
});
