import { useEffect } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import type { CountryLayoutData } from '../routes/country-layout';

/** One line of a commerce event, in the recommended e-commerce parameter names. */
export type AnalyticsItem = {
  item_id: string;
  item_name: string;
  item_brand?: string;
  item_category?: string;
  item_variant?: string;
  item_list_name?: string;
  index?: number;
  /** Unit price in major units of `currency`. */
  price?: number;
  quantity?: number;
};

type CommerceParams = {
  currency: string;
  /** Total in major units of `currency`. */
  value: number;
  items: AnalyticsItem[];
};

type PopupParams = { popup_id: string; popup_name?: string };

/** The events of docs/rules/money-dates-and-limits.md and what each carries. */
export type AnalyticsEvents = {
  view_item: CommerceParams;
  add_to_wishlist: CommerceParams;
  add_to_cart: CommerceParams;
  view_cart: CommerceParams;
  remove_from_cart: CommerceParams;
  purchase: CommerceParams & { transaction_id: string; tax: number; shipping?: number; coupon?: string };
  begin_checkout: CommerceParams & { coupon?: string };
  add_shipping_info: CommerceParams & { shipping_tier?: string; coupon?: string };
  search: { search_term: string };
  select_item: { items: AnalyticsItem[]; item_list_id?: string; item_list_name?: string };
  popup_shown: PopupParams;
  popup_clicked: PopupParams;
};

export type AnalyticsEventName = keyof AnalyticsEvents;

export type PageViewParams = {
  page_path: string;
  page_location: string;
  page_title: string;
};

export type SentEvent = { name: AnalyticsEventName | 'page_view'; params: Record<string, unknown> };

/** Where events go. Nothing is sent anywhere unless a page has a tag configured. */
export type AnalyticsSink = (event: SentEvent) => void;

type Gtag = (command: 'event', name: string, params: Record<string, unknown>) => void;

declare global {
  interface Window {
    gtag?: Gtag;
    dataLayer?: unknown[];
  }
}

export function gtagSink(gtag: Gtag): AnalyticsSink {
  return ({ name, params }) => gtag('event', name, params);
}

export function dataLayerSink(dataLayer: unknown[]): AnalyticsSink {
  return ({ name, params }) => {
    dataLayer.push({ event: name, ...params });
  };
}

export type MemorySink = AnalyticsSink & { readonly events: SentEvent[] };

export function createMemorySink(): MemorySink {
  const events: SentEvent[] = [];
  return Object.assign((event: SentEvent) => void events.push(event), { events });
}

// A tag (gtag.js or a tag manager) is installed by the page's operator, not by this bundle.
function detectSink(): AnalyticsSink | null {
  if (typeof window === 'undefined') return null;
  if (typeof window.gtag === 'function') return gtagSink(window.gtag);
  if (Array.isArray(window.dataLayer)) return dataLayerSink(window.dataLayer);
  return null;
}

let sink: AnalyticsSink | null | undefined;
let countryCode: string | undefined;

/** Replaces the detected sink; `null` turns analytics off. */
export function setAnalyticsSink(next: AnalyticsSink | null): void {
  sink = next;
}

function send(event: SentEvent): void {
  if (sink === undefined) sink = detectSink();
  if (!sink) return;
  const params = countryCode === undefined ? event.params : { ...event.params, country_code: countryCode };
  try {
    sink({ name: event.name, params });
  } catch (error) {
    // A broken tag must never break shopping.
    console.warn('Analytics sink failed', error);
  }
}

export function track<E extends AnalyticsEventName>(name: E, params: AnalyticsEvents[E]): void {
  send({ name, params });
}

/**
 * Records a page view. `country` is the URL's country segment (docs/rules/money-dates-and-limits.md), already checked on
 * the server; it is attached to this and later events until the next page view.
 */
export function trackPageView(pathname: string, search = '', country?: string): void {
  countryCode = country;
  const params: PageViewParams = {
    page_path: `${pathname}${search}`,
    page_location: typeof window === 'undefined' ? `${pathname}${search}` : window.location.href,
    page_title: typeof document === 'undefined' ? '' : document.title,
  };
  send({ name: 'page_view', params });
}

/** The layout in app/routes.ts that checks the URL's country segment on the server. */
export const COUNTRY_LAYOUT_ROUTE_ID = 'routes/country-layout';

/** Records a page view at every route change; a change of hash alone is not a new page. */
export function usePageViews(): void {
  const { pathname, search } = useLocation();
  const country = useRouteLoaderData<CountryLayoutData>(COUNTRY_LAYOUT_ROUTE_ID)?.countryCode ?? undefined;
  useEffect(() => {
    trackPageView(pathname, search, country);
  }, [pathname, search, country]);
}
