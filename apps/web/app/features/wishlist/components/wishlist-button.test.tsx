import type { ProductSummary } from '@crossbuy/core/catalogue';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemorySink, type MemorySink, setAnalyticsSink } from '../../../lib/analytics';
import { PENDING_ACTION_KEY } from '../../../lib/pending-action';
import { REDIRECT_AFTER_SIGN_IN_KEY } from '../../../lib/redirect-to-sign-in';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile } from '../../../test-support/fake-api';
import { WishlistButton } from './wishlist-button';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let sink: MemorySink;
let inWishlist = false;
const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
  const url = String(input);
  if (url.endsWith('/flags')) return json(200, { inWishlist });
  if (url.startsWith('/api/wishlist') && init.method === 'POST') return json(201, { wishlistItem: {} });
  return json(404, {});
});

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the API client reads
  document.cookie = 'XSRF-TOKEN=token; path=/';
  vi.stubGlobal('fetch', fetchMock);
  sink = createMemorySink();
  setAnalyticsSink(sink);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  setAnalyticsSink(null);
  resetUserState();
  sessionStorage.clear();
  inWishlist = false;
  window.history.replaceState(null, '', '/');
});

const product: ProductSummary = {
  uuid: '3b70b94c-e392-4d3f-9c08-150cc0ef20df',
  paramName: 'studio-over-ear-headphones-3b70b94c',
  name: 'Studio Over-Ear Headphones',
  mainImage: null,
  price: { amountMinor: 46790, currency: 'SGD' },
  priceCurrency: 'SGD',
  priceRange: { min: { amountMinor: 46790, currency: 'SGD' }, max: { amountMinor: 46790, currency: 'SGD' } },
  stock: 4,
  disabled: false,
  sourceMarketPlace: 'Amazon JP',
  merchant: { id: 'm1', name: 'Tokyo Audio Works' },
  categoryId: 'headphones',
  createdAt: '2026-01-01T00:00:00.000Z',
};

const path = `/product/${product.paramName}`;

function renderButton() {
  window.history.replaceState(null, '', path);
  const Stub = createRoutesStub([
    {
      path: '/product/:id',
      Component: () => <WishlistButton product={product} price={product.price} variant="Colour: Sand" />,
    },
    { path: '/sign_in', Component: () => <h1>Sign-in page</h1> },
    { path: '/wishlist', Component: () => <h1>Wishlist page</h1> },
  ]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Stub initialEntries={[path]} />
    </QueryClientProvider>,
  );
}

function signIn() {
  act(() =>
    userStore.set({
      signedIn: true,
      tfaPassed: true,
      profileFetched: true,
      profile: aProfile({ id: 'u1', email: 'mei@example.com', firstName: 'Mei', lastName: 'Tan' }),
    }),
  );
}

describe('WishlistButton', () => {
  it('sends a visitor to sign in, remembering the product page', async () => {
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeTruthy();
    expect(sessionStorage.getItem(REDIRECT_AFTER_SIGN_IN_KEY)).toBe(path);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves for a signed-in shopper and records add_to_wishlist', async () => {
    renderButton();
    signIn();
    await userEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));

    const saved = await screen.findByRole('link', { name: 'In your wishlist' });
    expect(document.activeElement).toBe(saved);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/wishlist');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ productId: product.uuid });
    expect(sink.events.map((event) => event.name)).toEqual(['add_to_wishlist']);
    expect(sink.events[0]?.params).toMatchObject({
      currency: 'SGD',
      value: 467.9,
      items: [{ item_id: product.uuid, item_name: product.name, item_variant: 'Colour: Sand', price: 467.9 }],
    });
  });

  it('shows a product already saved as such', async () => {
    inWishlist = true;
    renderButton();
    signIn();
    expect(await screen.findByRole('link', { name: 'In your wishlist' })).toBeTruthy();
  });

  it('saves, once, what a visitor pressed before signing in', async () => {
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeTruthy();
    expect(sessionStorage.getItem(PENDING_ACTION_KEY)).toContain('add_to_wishlist');
    cleanup();

    renderButton();
    signIn();
    expect(await screen.findByRole('link', { name: 'In your wishlist' })).toBeTruthy();
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(sessionStorage.getItem(PENDING_ACTION_KEY)).toBeNull();
    expect(sink.events.map((event) => event.name)).toEqual(['add_to_wishlist']);
  });
});
