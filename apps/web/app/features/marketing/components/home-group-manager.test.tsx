import type { StoreHomeGroup } from '@crossbuy/core/marketing';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { HomeGroupManager } from './home-group-manager';

const api = fakeApi();

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

const SENCHA = '0b7c7f0e-6f0a-4d1e-9d6b-4c1b1d7c2a10';
const CUP = '5a1e2f3b-7c8d-4e9f-8a0b-1c2d3e4f5a6b';

const teaTime: StoreHomeGroup = {
  id: 'g1',
  title: 'Tea time',
  categoryId: 'tea',
  categoryName: 'Tea',
  products: [{ id: SENCHA, name: 'Sencha', enabled: true }],
  position: 0,
  active: true,
  startsAt: null,
  endsAt: null,
  status: 'live',
};

const found = (name: string, id: string) => ({ id, name, enabled: true });

function renderManager() {
  render(
    <ShellQueryProvider userId="operator">
      <HomeGroupManager />
    </ShellQueryProvider>,
  );
  return userEvent.setup();
}

describe('HomeGroupManager', () => {
  it('adds a group from products found by search, in the order chosen, without saving on Enter in the search', async () => {
    api.respond((call) => {
      if (call.path === '/admin/home_groups' && call.method === 'GET') return json(200, { homeGroups: [] });
      if (call.path.startsWith('/product/categories')) {
        return json(200, { categories: [{ id: 'tea', name: 'Tea', children: [] }] });
      }
      if (call.path.startsWith('/admin/products')) {
        return json(200, {
          products: [found('Sencha', SENCHA), found('Tea cup', CUP)],
          page: 1,
          limit: 20,
          total: 2,
        });
      }
      const body = call.body as { title: string };
      return json(200, { homeGroup: { ...teaTime, id: 'g2', title: body.title } });
    });
    const user = renderManager();
    await screen.findByText('No home product groups yet.');
    await user.click(screen.getByRole('button', { name: 'New group' }));
    const form = screen.getByRole('form', { name: 'New home group' });
    await user.type(within(form).getByLabelText(/^Title/), 'Tea time');
    await user.type(within(form).getByLabelText(/^Find products/), 'tea{Enter}');
    expect(await within(form).findByText('2 products found.')).toBeTruthy();
    expect(
      api.calls.some((call) => call.path.startsWith('/admin/products?') && call.path.includes('q=tea')),
    ).toBe(true);
    await user.click(within(form).getByRole('button', { name: 'Add Sencha' }));
    await user.click(within(form).getByRole('button', { name: 'Add Tea cup' }));
    await user.click(within(form).getByRole('button', { name: 'Move Tea cup up' }));
    expect(
      within(within(form).getByRole('list', { name: 'Chosen products' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Tea cup'), expect.stringContaining('Sencha')]);
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Add group' }));
    const [sent] = api.calls.filter((call) => call.method === 'POST');
    expect(sent?.path).toBe('/admin/home_groups');
    expect(sent?.body).toEqual({
      title: 'Tea time',
      categoryId: null,
      productIds: [CUP, SENCHA],
      position: 0,
      active: true,
      startsAt: null,
      endsAt: null,
    });
    expect(await screen.findByText('The group “Tea time” has been added.')).toBeTruthy();
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 1, name: 'Home product groups' }),
    );
  });

  it("shows the server's refusal of a category on its field", async () => {
    api.respond((call) => {
      if (call.method === 'PUT') return json(400, envelope('content/invalid_category'));
      if (call.path.startsWith('/product/categories')) {
        return json(200, { categories: [{ id: 'tea', name: 'Tea', children: [] }] });
      }
      return json(200, { homeGroups: [teaTime] });
    });
    const user = renderManager();
    const card = await screen.findByRole('listitem');
    expect(within(card).getByText('Sencha')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Edit Tea time' }));
    const form = screen.getByRole('form', { name: 'Edit home group Tea time' });
    await user.click(within(form).getByRole('button', { name: 'Save group' }));
    const category = within(form).getByRole('combobox', { name: /^Category/ });
    await vi.waitFor(() => expect(category.getAttribute('aria-invalid')).toBe('true'));
    expect(
      within(form).getAllByText('Please choose a category from the catalogue, or none').length,
    ).toBeGreaterThan(0);
    const [sent] = api.calls.filter((call) => call.method === 'PUT');
    expect(sent).toMatchObject({
      path: '/admin/home_groups/g1',
      body: { categoryId: 'tea', productIds: [SENCHA] },
    });
  });

  it('asks before deleting, keeps the group when told to, and deletes it when confirmed', async () => {
    api.respond((call) =>
      call.method === 'DELETE' ? json(200, { deleted: true }) : json(200, { homeGroups: [teaTime] }),
    );
    const user = renderManager();
    const card = await screen.findByRole('listitem');
    await user.click(within(card).getByRole('button', { name: 'Delete Tea time' }));
    expect(screen.getByRole('alert').textContent).toMatch(/Delete the group “Tea time”\?/);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep it' }));
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(api.calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    await user.click(within(card).getByRole('button', { name: 'Delete Tea time' }));
    await user.click(screen.getByRole('button', { name: 'Delete it' }));
    expect(await screen.findByText('The group “Tea time” has been deleted.')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/admin/home_groups/g1',
    ]);
  });
});
