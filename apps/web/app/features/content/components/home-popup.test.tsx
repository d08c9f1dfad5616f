import type { Popup } from '@crossbuy/core/catalogue';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemorySink, type MemorySink, setAnalyticsSink } from '../../../lib/analytics';
import { HomePopup, POPUP_SEEN_COOKIE } from './home-popup';

let sink: MemorySink;

function forgetCookie() {
  // biome-ignore lint/suspicious/noDocumentCookie: the cookie the popup reads
  document.cookie = `${POPUP_SEEN_COOKIE}=; path=/; max-age=0`;
}

beforeEach(() => {
  sink = createMemorySink();
  setAnalyticsSink(sink);
  stubViewport(false);
});

afterEach(() => {
  cleanup();
  setAnalyticsSink(null);
  forgetCookie();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const popup: Popup = {
  id: 'p1',
  title: 'New to Crossbuy?',
  body: 'See how it works in three steps.',
  image: null,
  link: '/image_page/how-it-works',
};

const HERO_ID = 'hero';

function visitHome(shown: Popup | null = popup) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <>
          <section id={HERO_ID}>Quotation form</section>
          <HomePopup popup={shown} clearOf={HERO_ID} />
        </>
      ),
    },
    { path: '/image_page/how-it-works', Component: () => <h1>How it works</h1> },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

/**
 * An IntersectionObserver the test moves: the hero starts in view or scrolled past, and `scroll(inView)`
 * moves it.
 */
function stubViewport(heroInView: boolean) {
  let inView = heroInView;
  const observers: IntersectionObserverCallback[] = [];
  const report = (callback: IntersectionObserverCallback) =>
    callback([{ isIntersecting: inView } as IntersectionObserverEntry], {} as IntersectionObserver);
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly callback: IntersectionObserverCallback;
      constructor(callback: IntersectionObserverCallback) {
        this.callback = callback;
        observers.push(callback);
      }
      observe() {
        report(this.callback);
      }
      disconnect() {}
    },
  );
  return {
    scroll(heroNowInView: boolean) {
      inView = heroNowInView;
      for (const callback of observers) report(callback);
    },
  };
}

/** Lets the page finish loading and the browser go idle. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 600)));

const events = (name: string) => sink.events.filter((event) => event.name === name);

describe('the home popup', () => {
  it('waits for the page to settle and the hero to be scrolled past, then shows without taking focus', async () => {
    const viewport = stubViewport(true);
    visitHome();
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    viewport.scroll(true);
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();

    viewport.scroll(false);
    const dialog = await screen.findByRole('dialog', { name: popup.title });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(dialog.contains(document.activeElement)).toBe(false);
    expect(events('popup_shown').map((event) => event.params)).toEqual([
      { popup_id: 'p1', popup_name: popup.title },
    ]);
  });

  it('shows once per visit, in whichever tab: a session cookie remembers it', async () => {
    visitHome();
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(document.cookie).toContain(`${POPUP_SEEN_COOKIE}=p1`);

    cleanup();
    visitHome();
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(events('popup_shown')).toHaveLength(1);
  });

  it('shows a new popup even after another one was seen', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie the popup reads
    document.cookie = `${POPUP_SEEN_COOKIE}=older; path=/`;
    visitHome();
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('shows nothing when the store has no popup', async () => {
    visitHome(null);
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sink.events).toEqual([]);
  });

  it('records a click on its link and closes', async () => {
    visitHome();
    await userEvent.click(await screen.findByRole('link', { name: 'Find out more' }));
    expect(events('popup_clicked').map((event) => event.params)).toEqual([
      { popup_id: 'p1', popup_name: popup.title },
    ]);
    expect(await screen.findByRole('heading', { name: 'How it works' })).toBeTruthy();
  });

  it('closes with its button or Escape', async () => {
    visitHome();
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(events('popup_clicked')).toHaveLength(0);

    forgetCookie();
    cleanup();
    visitHome();
    await userEvent.type(await screen.findByRole('button', { name: 'Close' }), '{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
