import type { SearchSuggestions } from '@crossbuy/core/catalogue';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../test-support/fake-api';
import { SearchForm } from './search-form';

const api = fakeApi();

const HEADPHONES: SearchSuggestions = {
  categories: [{ id: 'headphones', name: 'Headphones', parentName: 'Audio' }],
  products: [
    {
      uuid: 'p1',
      paramName: 'studio-monitor-headphones',
      name: 'Studio Monitor Headphones',
      mainImage: null,
    },
    { uuid: 'p2', paramName: 'wireless-headphones', name: 'Wireless Headphones', mainImage: null },
  ],
  correctedQuery: null,
};

beforeEach(() => {
  api.respond(({ path }) =>
    path.startsWith('/product/suggestions') ? json(200, HEADPHONES) : json(200, {}),
  );
});
afterEach(cleanup);

function Where() {
  const { pathname, search } = useLocation();
  return <h1>Page {`${pathname}${search}`}</h1>;
}

function renderSearch() {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <SearchForm /> },
    { path: '*', Component: Where },
  ]);
  render(<Stub initialEntries={['/']} />);
  return screen.getByRole('combobox', { name: 'Search products' });
}

const suggestionCalls = () => api.calls.filter((call) => call.path.startsWith('/product/suggestions'));

describe('SearchForm suggestions', () => {
  it('asks once typing pauses and lists categories and products in a labelled listbox, saying how many', async () => {
    const box = renderSearch();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-autocomplete')).toBe('list');
    await userEvent.type(box, 'headph');
    const listbox = await screen.findByRole('listbox', { name: 'Search suggestions' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(listbox.id);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Headphones in Audio',
      'Studio Monitor Headphones',
      'Wireless Headphones',
    ]);
    expect(screen.getByRole('group', { name: 'Categories' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Products' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      '3 suggestions; use the up and down arrows to choose',
    );
    // One call for the pause, not one per letter.
    expect(suggestionCalls().map((call) => call.path)).toEqual(['/product/suggestions?q=headph']);
  });

  it('moves the active suggestion with the arrows, focus staying in the box, and back to the box past either end', async () => {
    const box = renderSearch();
    await userEvent.type(box, 'headph');
    await screen.findByRole('listbox');
    const options = screen.getAllByRole('option');
    const activeName = () => {
      const id = box.getAttribute('aria-activedescendant');
      return id ? document.getElementById(id)?.textContent : null;
    };
    await userEvent.keyboard('{ArrowDown}');
    expect(activeName()).toBe('Headphones in Audio');
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(box);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeName()).toBe('Wireless Headphones');
    await userEvent.keyboard('{ArrowDown}');
    expect(activeName()).toBeNull();
    await userEvent.keyboard('{ArrowUp}');
    expect(activeName()).toBe('Wireless Headphones');
    expect(options[0]?.getAttribute('aria-selected')).toBe('false');
  });

  it('opens the active suggestion on Enter', async () => {
    const box = renderSearch();
    await userEvent.type(box, 'headph');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(
      await screen.findByRole('heading', { name: 'Page /product/studio-monitor-headphones' }),
    ).toBeTruthy();
  });

  it('searches for the words typed on Enter when no suggestion is active', async () => {
    const box = renderSearch();
    await userEvent.type(box, 'headph');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Page /search?q=headph' })).toBeTruthy();
  });

  it('opens a suggestion that is clicked', async () => {
    const box = renderSearch();
    await userEvent.type(box, 'headph');
    await userEvent.click(await screen.findByRole('option', { name: 'Headphones in Audio' }));
    expect(await screen.findByRole('heading', { name: 'Page /category/headphones' })).toBeTruthy();
  });

  it('closes the list on the first Escape and clears the box on the second', async () => {
    const box = renderSearch();
    await userEvent.type(box, 'headph');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.hasAttribute('aria-activedescendant')).toBe(false);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((box as HTMLInputElement).value).toBe('headph');
    await userEvent.keyboard('{Escape}');
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('opens the list again with Down after it was closed', async () => {
    const box = renderSearch();
    await userEvent.type(box, 'headph');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}{ArrowDown}');
    await waitFor(() => expect(box.getAttribute('aria-expanded')).toBe('true'));
  });

  it('cancels a call overtaken by more typing, and never shows its late answer', async () => {
    const late: SearchSuggestions = {
      categories: [],
      products: [{ uuid: 'old', paramName: 'old', name: 'Late answer', mainImage: null }],
      correctedQuery: null,
    };
    let releaseFirst: () => void = () => undefined;
    api.respond(({ path }) =>
      path.includes('q=head&') || path.endsWith('q=head')
        ? new Promise((resolve) => {
            releaseFirst = () => resolve(json(200, late));
          })
        : json(200, HEADPHONES),
    );
    const box = renderSearch();
    await userEvent.type(box, 'head');
    await waitFor(() => expect(suggestionCalls()).toHaveLength(1));
    await userEvent.type(box, 'ph');
    await screen.findByRole('option', { name: 'Wireless Headphones' });
    const fetchMock = vi.mocked(globalThis.fetch);
    const firstSignal = fetchMock.mock.calls[0]?.[1]?.signal;
    expect(firstSignal?.aborted).toBe(true);
    await act(async () => releaseFirst());
    expect(screen.queryByRole('option', { name: 'Late answer' })).toBeNull();
  });

  it('suggests nothing, and stays a plain search, when the call fails', async () => {
    api.respond(() => json(500, {}));
    const box = renderSearch();
    await userEvent.type(box, 'headph');
    await waitFor(() => expect(suggestionCalls()).toHaveLength(1));
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Page /search?q=headph' })).toBeTruthy();
  });
});
