import { act, cleanup, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loader as countryLayoutLoader } from '../routes/country-layout';
import {
  COUNTRY_LAYOUT_ROUTE_ID,
  createMemorySink,
  dataLayerSink,
  gtagSink,
  type MemorySink,
  setAnalyticsSink,
  track,
  trackPageView,
  usePageViews,
} from './analytics';

let sink: MemorySink;

beforeEach(() => {
  sink = createMemorySink();
  setAnalyticsSink(sink);
});

afterEach(() => {
  cleanup();
  setAnalyticsSink(null);
});

function Shell() {
  usePageViews();
  return <Outlet />;
}

function renderApp(initialPath: string) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        Component: Shell,
        HydrateFallback: () => null,
        // As in root.tsx, the error page renders inside the same shell.
        ErrorBoundary: Shell,
        children: [
          {
            id: COUNTRY_LAYOUT_ROUTE_ID,
            path: ':country?',
            loader: ({ params }) =>
              countryLayoutLoader({ params } as Parameters<typeof countryLayoutLoader>[0]),
            Component: Outlet,
            children: [
              { index: true, Component: () => <h1>Home</h1> },
              { path: 'cart', Component: () => <h1>Cart</h1> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [initialPath] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const pageViews = () =>
  sink.events.filter((event) => event.name === 'page_view').map((event) => event.params);

describe('page views', () => {
  it('records a page view on start and at every route change, with the country segment', async () => {
    const router = renderApp('/');
    await waitFor(() => expect(pageViews()).toHaveLength(1));
    expect(pageViews()[0]).toMatchObject({ page_path: '/' });
    expect(pageViews()[0]).not.toHaveProperty('country_code');

    await act(() => router.navigate('/sg/cart?itemId=c1'));
    await waitFor(() => expect(pageViews()).toHaveLength(2));
    expect(pageViews()[1]).toMatchObject({ page_path: '/sg/cart?itemId=c1', country_code: 'SG' });

    await act(() => router.navigate('/sg/cart?itemId=c1#summary'));
    await act(() => router.navigate('/my'));
    await waitFor(() => expect(pageViews()).toHaveLength(3));
    expect(pageViews()[2]).toMatchObject({ page_path: '/my', country_code: 'MY' });

    await act(() => router.navigate('/cart'));
    await waitFor(() => expect(pageViews()).toHaveLength(4));
    expect(pageViews()[3]).not.toHaveProperty('country_code');
  });

  it('does not take an unknown two-letter segment as a country', async () => {
    renderApp('/zz/cart');
    await waitFor(() => expect(pageViews()).toHaveLength(1));
    expect(pageViews()[0]).toMatchObject({ page_path: '/zz/cart' });
    expect(pageViews()[0]).not.toHaveProperty('country_code');
  });
});

describe('events', () => {
  it('sends typed events with the country of the current page', () => {
    trackPageView('/sg', '', 'SG');
    track('purchase', {
      transaction_id: 'CB-1001',
      tax: 1.2,
      currency: 'SGD',
      value: 21.2,
      items: [{ item_id: 'p1', item_name: 'Kettle', price: 10, quantity: 2 }],
    });
    track('search', { search_term: 'kettle' });

    expect(sink.events.slice(1)).toEqual([
      {
        name: 'purchase',
        params: {
          transaction_id: 'CB-1001',
          tax: 1.2,
          currency: 'SGD',
          value: 21.2,
          items: [{ item_id: 'p1', item_name: 'Kettle', price: 10, quantity: 2 }],
          country_code: 'SG',
        },
      },
      { name: 'search', params: { search_term: 'kettle', country_code: 'SG' } },
    ]);
  });

  it('sends nothing when no sink is configured', () => {
    setAnalyticsSink(null);
    expect(() => track('popup_shown', { popup_id: 'welcome' })).not.toThrow();
    expect(sink.events).toHaveLength(0);
  });

  it('keeps shopping working when a sink throws', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setAnalyticsSink(() => {
      throw new Error('tag blocked');
    });
    expect(() => track('popup_clicked', { popup_id: 'welcome' })).not.toThrow();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('forwards to gtag or a data layer', () => {
    const gtag = vi.fn();
    gtagSink(gtag)({ name: 'view_cart', params: { currency: 'SGD', value: 0, items: [] } });
    expect(gtag).toHaveBeenCalledWith('event', 'view_cart', { currency: 'SGD', value: 0, items: [] });

    const dataLayer: unknown[] = [];
    dataLayerSink(dataLayer)({ name: 'select_item', params: { items: [] } });
    expect(dataLayer).toEqual([{ event: 'select_item', items: [] }]);
  });
});
