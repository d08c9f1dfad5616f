import type { AdminMerchant } from '@crossbuy/core/catalogue';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { MerchantAdmin, merchantFilterFrom } from './merchant-admin';

const api = fakeApi();

const tokyo: AdminMerchant = {
  id: 'm1',
  name: 'Tokyo Audio Works',
  slug: 'tokyo-audio',
  sourceMarketPlace: 'Amazon JP',
  countryCode: 'JP',
  description: '',
  logo: null,
  productCount: 12,
  disabled: false,
  createdAt: '2026-11-01T00:00:00.000Z',
};

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

function renderAt(path: string) {
  function Route() {
    const [search] = useSearchParams();
    return <MerchantAdmin filter={merchantFilterFrom(search)} page={Number(search.get('page') ?? 1)} />;
  }
  const Stub = createRoutesStub([{ path: '/admin/products/merchants', Component: Route }]);
  render(
    <ShellQueryProvider userId="operator">
      <Stub initialEntries={[path]} />
    </ShellQueryProvider>,
  );
}

describe('MerchantAdmin', () => {
  it('lists merchants as the URL narrows them', async () => {
    api.respond(() => json(200, { merchants: [tokyo], total: 1, page: 1, limit: 20 }));
    renderAt('/admin/products/merchants?q=tokyo&status=enabled');
    const table = await screen.findByRole('table', { name: 'Merchants, page 1 of 1' });
    expect(within(table).getAllByRole('row')[1]?.textContent).toContain('Tokyo Audio Works');
    expect(api.calls[0]?.path).toBe('/admin/merchants?page=1&limit=20&q=tokyo&status=enabled');
  });

  it('adds a merchant, and shows a refusal in words', async () => {
    api.respond((call) =>
      call.method === 'POST'
        ? json(409, envelope('merchant/slug_taken', ['tokyo-audio']))
        : json(200, { merchants: [], total: 0, page: 1, limit: 20 }),
    );
    renderAt('/admin/products/merchants');
    expect(await screen.findByText('No merchants match.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a merchant' }));
    const form = screen.getByRole('form', { name: 'Add a merchant' });
    await user.type(within(form).getByLabelText(/^Name/), 'Tokyo Audio');
    await user.type(within(form).getByLabelText(/^Marketplace/), 'Rakuten');
    await user.type(within(form).getByLabelText(/^Country code/), 'JP');
    await user.click(within(form).getByRole('button', { name: 'Add merchant' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A merchant with the address name tokyo-audio already exists; please choose another',
    );
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Tokyo Audio',
      sourceMarketPlace: 'Rakuten',
      countryCode: 'JP',
      description: '',
    });
  });

  it('disables a merchant from its form', async () => {
    api.respond((call) =>
      call.method === 'PATCH'
        ? json(200, { merchant: { ...tokyo, disabled: true } })
        : json(200, { merchants: [tokyo], total: 1, page: 1, limit: 20 }),
    );
    renderAt('/admin/products/merchants');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Tokyo Audio Works' }));
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Tokyo Audio Works is left out of the store.')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'PATCH')).toMatchObject({
      path: '/admin/merchants/m1',
      body: { disabled: true },
    });
  });
});
