import type { CategoryNode } from '@crossbuy/core/catalogue';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { categoriesCache } from '../../features/catalogue/categories-cache';
import { clearErrorSlots } from '../../lib/error-slots';
import { envelope, fakeApi, json } from '../../test-support/fake-api';
import { CategoryMenu } from './category-menu';

const api = fakeApi();

const TREE: CategoryNode[] = [
  {
    id: 'electronics',
    name: 'Electronics',
    children: [
      { id: 'audio', name: 'Audio', children: [{ id: 'headphones', name: 'Headphones', children: [] }] },
      { id: 'computing', name: 'Computing', children: [] },
    ],
  },
  { id: 'fashion', name: 'Fashion', children: [{ id: 'shoes', name: 'Shoes', children: [] }] },
];

function setScreenWide(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: wide, media: query }) as MediaQueryList);
}

beforeEach(() => {
  api.respond(({ path }) =>
    path === '/product/categories' ? json(200, { categories: TREE }) : json(200, {}),
  );
});
afterEach(() => {
  cleanup();
  categoriesCache.set({ categories: [], fetchedAt: null });
  clearErrorSlots();
  document.body.style.overflow = '';
});

function CategoryPage() {
  return <h1>Category {useParams().categoryId}</h1>;
}

function renderMenu() {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <>
          <CategoryMenu />
          <a href="#elsewhere">Elsewhere</a>
        </>
      ),
    },
    {
      path: '/category/:categoryId',
      Component: () => (
        <>
          <CategoryMenu />
          <CategoryPage />
        </>
      ),
    },
  ]);
  render(<Stub initialEntries={['/']} />);
  return screen.getByRole('button', { name: 'Categories' });
}

describe('CategoryMenu on a wide screen (mega menu)', () => {
  beforeEach(() => setScreenWide(true));

  it('is a closed disclosure until clicked, then shows top categories with those below them', async () => {
    const button = renderMenu();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Categories' })).toBeNull();
    // No call before the menu is opened: pages do not pay for it.
    expect(api.calls).toHaveLength(0);
    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = await screen.findByRole('navigation', { name: 'Categories' });
    expect(button.getAttribute('aria-controls')).toBe(menu.parentElement?.id);
    await within(menu).findByRole('link', { name: 'Electronics' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Electronics', 'Audio', 'Headphones', 'Computing', 'Fashion', 'Shoes']);
    expect(within(menu).getByRole('link', { name: 'Audio' }).getAttribute('href')).toBe('/category/audio');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens with the keyboard, is reached by Tab, and closes on Escape with focus back on its button', async () => {
    const button = renderMenu();
    button.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('navigation', { name: 'Categories' });
    await within(menu).findByRole('link', { name: 'Electronics' });
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('Electronics');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Categories' })).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    await userEvent.keyboard(' ');
    expect(await screen.findByRole('navigation', { name: 'Categories' })).toBeTruthy();
    await userEvent.keyboard(' ');
    expect(screen.queryByRole('navigation', { name: 'Categories' })).toBeNull();
  });

  it('closes when a click lands elsewhere on the page', async () => {
    const button = renderMenu();
    await userEvent.click(button);
    await screen.findByRole('navigation', { name: 'Categories' });
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.queryByRole('navigation', { name: 'Categories' })).toBeNull();
  });

  it('opens a chosen category and closes, asking for the categories once per visit', async () => {
    const button = renderMenu();
    await userEvent.click(button);
    await userEvent.click(await screen.findByRole('link', { name: 'Computing' }));
    expect(await screen.findByRole('heading', { name: 'Category computing' })).toBeTruthy();
    const again = screen.getByRole('button', { name: 'Categories' });
    expect(again.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(again);
    expect(await screen.findByRole('link', { name: 'Fashion' })).toBeTruthy();
    expect(api.calls.filter((call) => call.path === '/product/categories')).toHaveLength(1);
  });

  it('says so in words when the categories could not be loaded', async () => {
    api.respond(() => json(503, envelope('general/unavailable')));
    await userEvent.click(renderMenu());
    expect(
      await screen.findByText('The categories could not be loaded. Please try again later.'),
    ).toBeTruthy();
  });
});

describe('CategoryMenu on a phone (drawer)', () => {
  beforeEach(() => setScreenWide(false));

  it('opens a modal drawer holding focus, with the page behind it not scrolling', async () => {
    const button = renderMenu();
    await userEvent.click(button);
    const drawer = await screen.findByRole('dialog', { name: 'Categories' });
    expect(drawer.getAttribute('aria-modal')).toBe('true');
    const close = within(drawer).getByRole('button', { name: 'Close categories' });
    expect(document.activeElement).toBe(close);
    expect(document.body.style.overflow).toBe('hidden');
    const last = await within(drawer).findByRole('button', { name: 'Fashion' });
    // Shift+Tab from the first control goes round to the last, and Tab from the last back to the first.
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(last);
    await userEvent.tab();
    expect(document.activeElement).toBe(close);
  });

  it('closes on Escape and on its close button, focus back on the menu button and the page scrolling again', async () => {
    const button = renderMenu();
    await userEvent.click(button);
    await screen.findByRole('dialog', { name: 'Categories' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(document.body.style.overflow).toBe('');
    await userEvent.click(button);
    await userEvent.click(await screen.findByRole('button', { name: 'Close categories' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('shows each top category as a section that opens onto the categories below it', async () => {
    await userEvent.click(renderMenu());
    const drawer = await screen.findByRole('dialog', { name: 'Categories' });
    const electronics = await within(drawer).findByRole('button', { name: 'Electronics' });
    expect(electronics.getAttribute('aria-expanded')).toBe('false');
    expect(within(drawer).queryByRole('link', { name: 'Headphones' })).toBeNull();
    await userEvent.click(electronics);
    expect(electronics.getAttribute('aria-expanded')).toBe('true');
    const section = document.getElementById(electronics.getAttribute('aria-controls') ?? '');
    expect(
      within(section as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['All of Electronics', 'Audio', 'Headphones', 'Computing']);
  });

  it('reaches a category from the drawer', async () => {
    await userEvent.click(renderMenu());
    const drawer = await screen.findByRole('dialog', { name: 'Categories' });
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Fashion' }));
    await userEvent.click(within(drawer).getByRole('link', { name: 'Shoes' }));
    expect(await screen.findByRole('heading', { name: 'Category shoes' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });
});
