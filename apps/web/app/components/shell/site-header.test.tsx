import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemorySink, setAnalyticsSink } from '../../lib/analytics';
import { ShellQueryProvider } from '../../lib/query-provider';
import { REDIRECT_AFTER_SIGN_IN_KEY } from '../../lib/redirect-to-sign-in';
import { resetUserState, userStore } from '../../lib/user-store';
import { aCartItem } from '../../test-support/cart-fixtures';
import { aProfile, envelope, fakeApi, json } from '../../test-support/fake-api';
import { SiteHeader } from './site-header';

const api = fakeApi();

beforeEach(() => {
  api.respond(({ path }) =>
    path.startsWith('/cart')
      ? json(200, { cartItems: [], products: [] })
      : json(404, envelope('general/not_found')),
  );
});

afterEach(() => {
  cleanup();
  resetUserState();
  sessionStorage.clear();
});

function SearchPage() {
  const [searchParams] = useSearchParams();
  return <h1>Results for {searchParams.get('q')}</h1>;
}

function renderHeader(path = '/') {
  const Stub = createRoutesStub([
    { path: '/', Component: SiteHeader },
    { path: '/cart', Component: () => <h1>Cart page</h1> },
    { path: '/sign_in', Component: () => <h1>Sign-in page</h1> },
    { path: '/search', Component: SearchPage },
  ]);
  return render(
    <ShellQueryProvider userId={null}>
      <Stub initialEntries={[path]} />
    </ShellQueryProvider>,
  );
}

describe('SiteHeader', () => {
  it('shows the logo, search, cart and a sign-in link to a visitor', () => {
    renderHeader();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Crossbuy' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('search', { name: 'Site search' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Search products' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cart' }).getAttribute('href')).toBe('/cart');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign_in');
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it("shows the signed-in shopper's name, opening the account menu, instead of the sign-in link", async () => {
    renderHeader();
    act(() =>
      userStore.set({
        signedIn: true,
        tfaPassed: false,
        profileFetched: true,
        profile: aProfile(),
      }),
    );
    const menuButton = screen.getByRole('button', { name: 'Account menu for Mei' });
    expect(screen.queryByTestId('cart-count')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    await userEvent.click(menuButton);
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toBeTruthy();
  });

  it('remembers the page when the visitor goes to sign in', async () => {
    renderHeader('/');
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeTruthy();
    expect(sessionStorage.getItem(REDIRECT_AFTER_SIGN_IN_KEY)).toBe('/');
  });

  it('searches with a GET to /search and records the search', async () => {
    const sink = createMemorySink();
    setAnalyticsSink(sink);
    renderHeader();
    await userEvent.type(screen.getByRole('combobox', { name: 'Search products' }), ' rice cooker {Enter}');
    expect(await screen.findByRole('heading', { name: 'Results for rice cooker' })).toBeTruthy();
    expect(sink.events).toEqual([{ name: 'search', params: { search_term: 'rice cooker' } }]);
    setAnalyticsSink(null);
  });

  it('keeps the words searched for in the box on the results page', () => {
    const Stub = createRoutesStub([{ path: '/search', Component: SiteHeader }]);
    render(<Stub initialEntries={['/search?q=tent']} />);
    expect((screen.getByRole('combobox', { name: 'Search products' }) as HTMLInputElement).value).toBe(
      'tent',
    );
  });

  it("shows how many things are in a signed-in shopper's cart on the cart link", async () => {
    api.respond(({ path }) =>
      path.startsWith('/cart')
        ? json(200, { cartItems: [aCartItem(), aCartItem({ id: 'c2', quantity: 2 })], products: [] })
        : json(404, envelope('general/not_found')),
    );
    renderHeader();
    act(() => userStore.set({ signedIn: true, tfaPassed: true, profileFetched: true, profile: aProfile() }));
    expect(await screen.findByRole('link', { name: /^Cart\W+3 items$/ })).toBeTruthy();
    expect(screen.getByTestId('cart-count').textContent).toBe(', 3 items');
  });
});
