import type { ProductSummary } from '@crossbuy/core/catalogue';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REDIRECT_AFTER_SIGN_IN_KEY } from '../../../lib/redirect-to-sign-in';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile } from '../../../test-support/fake-api';
import type { WishlistItem } from '../api/wishlist-api';
import { WishlistPage } from './wishlist-page';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const sgd = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });

function item(id: string, name: string): WishlistItem {
  const product: ProductSummary = {
    uuid: `p-${id}`,
    paramName: `${name.toLowerCase().replace(/ /g, '-')}-${id}`,
    name,
    mainImage: null,
    price: sgd(2990),
    priceCurrency: 'SGD',
    priceRange: { min: sgd(2990), max: sgd(2990) },
    stock: 3,
    disabled: false,
    sourceMarketPlace: 'Rakuten',
    merchant: { id: 'm1', name: 'Osaka Toy Box' },
    categoryId: 'plush-toys',
    createdAt: '2026-01-01T00:00:00.000Z',
  };
  return { id, productId: product.uuid, createdAt: product.createdAt, product };
}

let items: WishlistItem[];
let refused: 'list' | 'removal' | null;
const refusal = () =>
  json(404, { error: { code: 'wishlist/not_found', params: [], message: 'raw server text' } });
const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
  const url = String(input);
  if (url.startsWith('/api/wishlist?')) {
    if (refused === 'list') return refusal();
    return json(200, { wishlistItems: items, total: items.length, page: 1, limit: 24 });
  }
  if (url.startsWith('/api/wishlist/') && init.method === 'DELETE') {
    if (refused === 'removal') return refusal();
    items = items.filter((entry) => !url.endsWith(`/${entry.id}`));
    return new Response(null, { status: 204 });
  }
  return json(404, {});
});

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the API client reads
  document.cookie = 'XSRF-TOKEN=token; path=/';
  items = [item('w1', 'Plush Shiba'), item('w2', 'Plush Penguin')];
  refused = null;
  vi.stubGlobal('fetch', fetchMock);
  // As on a fresh page load: who the shopper is is not known until the current user has loaded.
  userStore.set({ signedIn: false, tfaPassed: false, profile: null, profileFetched: false });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  resetUserState();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

function renderWishlist() {
  window.history.replaceState(null, '', '/wishlist');
  const Stub = createRoutesStub([
    { path: '/wishlist', Component: WishlistPage },
    { path: '/sign_in', Component: () => <h1>Sign-in page</h1> },
  ]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Stub initialEntries={['/wishlist']} />
    </QueryClientProvider>,
  );
}

function setUser(signedIn: boolean) {
  act(() =>
    userStore.set({
      signedIn,
      tfaPassed: signedIn,
      profileFetched: true,
      profile: signedIn
        ? aProfile({ id: 'u1', email: 'mei@example.com', firstName: 'Mei', lastName: 'Tan' })
        : null,
    }),
  );
}

describe('WishlistPage', () => {
  it('sends a visitor to sign in and back here afterwards', async () => {
    renderWishlist();
    setUser(false);
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeTruthy();
    expect(sessionStorage.getItem(REDIRECT_AFTER_SIGN_IN_KEY)).toBe('/wishlist');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lists the saved products and removes one', async () => {
    renderWishlist();
    setUser(true);
    expect(await screen.findByText('2 saved products')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Plush Shiba/ })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Plush Shiba from your wishlist' }));
    expect(await screen.findByText('1 saved product')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Plush Shiba/ })).toBeNull();
  });

  it('says when the wishlist is empty', async () => {
    items = [];
    renderWishlist();
    setUser(true);
    expect(await screen.findByText('Your wishlist is empty')).toBeTruthy();
  });

  it('says when the wishlist cannot be loaded', async () => {
    refused = 'list';
    renderWishlist();
    setUser(true);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says when a product cannot be removed, in place of the list', async () => {
    renderWishlist();
    setUser(true);
    expect(await screen.findByText('2 saved products')).toBeTruthy();
    refused = 'removal';
    await userEvent.click(screen.getByRole('button', { name: 'Remove Plush Shiba from your wishlist' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Wishlist' })).toBeNull();
  });
});
