import type { AdminCategory } from '@crossbuy/core/catalogue';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { CategoryAdmin } from './category-admin';

const api = fakeApi();

function category(
  id: string,
  path: string,
  position: number,
  extra: Partial<AdminCategory> = {},
): AdminCategory {
  const segments = path.split('.');
  return {
    id,
    name: id[0]?.toUpperCase() + id.slice(1),
    parentId: segments.length > 1 ? (segments[segments.length - 2] ?? null) : null,
    path,
    position,
    disabled: false,
    productCount: 0,
    childCount: 0,
    ...extra,
  };
}

const TREE = [
  category('fashion', 'fashion', 0, { childCount: 2 }),
  category('shoes', 'fashion.shoes', 0, { childCount: 1 }),
  category('sneakers', 'fashion.shoes.sneakers', 0, { productCount: 4 }),
  category('bags', 'fashion.bags', 1),
  category('home', 'home', 1),
];

beforeEach(() => {
  userStore.set({
    signedIn: true,
    tfaPassed: true,
    profileFetched: true,
    profile: aProfile({ role: 'operator' }),
  });
});
afterEach(() => {
  cleanup();
  resetUserState();
});

function renderTree() {
  render(
    <ShellQueryProvider userId="operator">
      <CategoryAdmin />
    </ShellQueryProvider>,
  );
}

describe('CategoryAdmin', () => {
  it('shows the tree and moves a category among its siblings only', async () => {
    api.respond((call) => json(200, call.method === 'GET' ? { categories: TREE } : { category: TREE[3] }));
    renderTree();
    const tree = await screen.findByRole('list', { name: 'Category tree' });
    expect(within(tree).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Move Shoes up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move Sneakers down' })).toHaveProperty('disabled', true);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Move Bags up' }));
    expect(await screen.findByText('Bags moved up.')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/admin/categories/bags/move',
      body: { parentId: 'fashion', position: 0 },
    });
  });

  it('offers no place inside a category’s own branch to move it to', async () => {
    api.respond(() => json(200, { categories: TREE }));
    renderTree();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Edit Shoes' }));
    const form = screen.getByRole('form', { name: 'Edit Shoes' });
    const places = within(form)
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(places).toEqual(['', 'fashion', 'bags', 'home']);
  });

  it('asks before deleting and shows the refusal in words', async () => {
    api.respond((call) =>
      call.method === 'DELETE'
        ? json(409, envelope('category/not_empty', ['Sneakers']))
        : json(200, { categories: TREE }),
    );
    renderTree();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Sneakers' }));
    await user.click(screen.getByRole('button', { name: 'Delete…' }));
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The category Sneakers still holds products or categories; move or delete them first',
    );
    expect(api.calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/admin/categories/sneakers' });
  });

  it('adds a category under the chosen parent', async () => {
    api.respond((call) => json(200, call.method === 'GET' ? { categories: TREE } : { category: TREE[0] }));
    renderTree();
    const form = await screen.findByRole('form', { name: 'Add a category' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(/^Name/), 'Boots');
    await user.selectOptions(within(form).getByLabelText('Under'), 'shoes');
    await user.click(within(form).getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText('Boots was added.')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/admin/categories',
      body: { name: 'Boots', parentId: 'shoes' },
    });
  });
});
