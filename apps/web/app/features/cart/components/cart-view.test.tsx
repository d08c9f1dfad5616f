import { money } from '@crossbuy/core/money';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { REDIRECT_AFTER_SIGN_IN_KEY } from '../../../lib/redirect-to-sign-in';
import { resetUserState } from '../../../lib/user-store';
import { type CartLineView, CartView } from './cart-view';

afterEach(() => {
  cleanup();
  resetUserState();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

function renderCart(lines: CartLineView[], highlightedItemId: string | null = null) {
  const Stub = createRoutesStub([
    {
      path: '/cart',
      Component: () => <CartView lines={lines} currency="SGD" highlightedItemId={highlightedItemId} />,
    },
    { path: '/sign_in', Component: () => <h1>Sign-in page</h1> },
  ]);
  return render(<Stub initialEntries={['/cart']} />);
}

describe('CartView', () => {
  it('shows the empty state with a zero subtotal in the app currency', () => {
    renderCart([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Your cart' })).toBeTruthy();
    expect(screen.getByText('Your cart is empty')).toBeTruthy();
    expect(screen.getByTestId('cart-subtotal').textContent).toMatch(/^S\$0\.00$/);
  });

  it('offers a visitor to sign in and come back to the cart', async () => {
    window.history.replaceState(null, '', '/cart');
    renderCart([]);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to see your saved cart' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeTruthy();
    expect(sessionStorage.getItem(REDIRECT_AFTER_SIGN_IN_KEY)).toBe('/cart');
  });

  it('highlights the item given by ?itemId and totals the lines', () => {
    renderCart(
      [
        { id: 'c1', name: 'Rice cooker', quantity: 1, total: money(8990, 'SGD') },
        { id: 'c2', name: 'Green tea', quantity: 3, total: money(1350, 'SGD') },
      ],
      'c2',
    );
    const items = screen.getAllByRole('listitem');
    expect(items[0]?.hasAttribute('data-highlighted')).toBe(false);
    expect(items[1]?.hasAttribute('data-highlighted')).toBe(true);
    expect(within(items[1] as HTMLElement).getByText('Just added')).toBeTruthy();
    expect(screen.getByTestId('cart-subtotal').textContent).toMatch(/^S\$103\.40$/);
  });
});
