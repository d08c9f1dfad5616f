import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemorySink, type MemorySink, setAnalyticsSink } from '../../../lib/analytics';
import type { Popup } from '../content-types';
import { HomePopup, POPUP_SEEN_KEY } from './home-popup';

let sink: MemorySink;

beforeEach(() => {
  sink = createMemorySink();
  setAnalyticsSink(sink);
});

afterEach(() => {
  cleanup();
  setAnalyticsSink(null);
  sessionStorage.clear();
});

const popup: Popup = {
  id: 'p1',
  title: 'Free shipping over S$150',
  body: 'Orders over S$150 ship free this month.',
  image: null,
  link: '/image_page/how-it-works',
};

function visitHome(shown: Popup | null = popup) {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <HomePopup popup={shown} /> },
    { path: '/image_page/how-it-works', Component: () => <h1>How it works</h1> },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

const events = (name: string) => sink.events.filter((event) => event.name === name);

describe('the home popup', () => {
  it('shows once per visit, without taking focus', async () => {
    visitHome();
    const dialog = await screen.findByRole('dialog', { name: popup.title });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(dialog.contains(document.activeElement)).toBe(false);
    expect(events('popup_shown').map((event) => event.params)).toEqual([
      { popup_id: 'p1', popup_name: popup.title },
    ]);
    expect(sessionStorage.getItem(POPUP_SEEN_KEY)).toBe('p1');

    cleanup();
    visitHome();
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(events('popup_shown')).toHaveLength(1);
  });

  it('shows a new popup even after another one was seen', async () => {
    sessionStorage.setItem(POPUP_SEEN_KEY, 'older');
    visitHome();
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('shows nothing when the store has no popup', async () => {
    visitHome(null);
    await act(async () => {});
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
  });
});
