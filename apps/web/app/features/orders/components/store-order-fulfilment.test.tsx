import type { StoreOrder } from '@crossbuy/core/order';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { anOrder } from '../order-fixtures';
import { PackingSlips, packingSlipIdsFrom } from './packing-slips';
import { StoreOrderFulfilment } from './store-order-fulfilment';

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

function aStoreOrder(overrides: Partial<StoreOrder> = {}): StoreOrder {
  const base = anOrder();
  const [catalogueLine] = base.lines;
  if (!catalogueLine) throw new Error('the fixture has a line');
  return {
    ...base,
    status: 'processing',
    lines: [
      { ...catalogueLine, message: 'Gift wrap, please' },
      {
        ...catalogueLine,
        id: 'l2',
        source: 'quotation_external',
        productId: null,
        quantity: 1,
        message: '',
        capture: {
          ...catalogueLine.capture,
          name: 'Kimono',
          variantLabel: null,
          sourceMarketPlace: 'Rakuten',
          productUrl: 'https://rakuten.example/kimono',
        },
      },
    ],
    billingAddress: {
      ...base.billingAddress,
      fullName: 'Tan Accounts',
      address: '2 Shenton Way',
      postalCode: '068809',
    },
    shopper: { id: 'u1', name: 'Mei Tan', email: 'mei@example.com' },
    ...overrides,
  };
}

function renderWithRouter(element: React.ReactElement) {
  const Stub = createRoutesStub([{ path: '/', Component: () => element }]);
  render(
    <ShellQueryProvider userId="op">
      <Stub initialEntries={['/']} />
    </ShellQueryProvider>,
  );
}

describe("the store's order page", () => {
  it('shows every line with its picture, variant, quantity, message and kind, with the seller for a quoted item', () => {
    renderWithRouter(<StoreOrderFulfilment order={aStoreOrder()} />);
    const items = screen.getByRole('list', { name: 'Items to pack' });
    const cooker = within(items).getByRole('listitem', { name: 'Rice cooker' });
    expect(cooker.textContent).toContain('Catalogue item');
    expect(cooker.textContent).toContain('Colour: White');
    expect(cooker.textContent).toContain('Quantity: 2');
    expect(cooker.textContent).toContain('Shopper’s message: Gift wrap, please');
    expect(cooker.querySelector('img')).not.toBeNull();
    const kimono = within(items).getByRole('listitem', { name: 'Kimono' });
    expect(kimono.textContent).toContain('Quoted item from Rakuten');
    expect(
      within(kimono)
        .getByRole('link', { name: /Seller’s page/ })
        .getAttribute('href'),
    ).toBe('https://rakuten.example/kimono');
    expect(screen.getByText('2 lines, 3 units to pack')).toBeTruthy();
  });

  it('writes both addresses as Singapore writes them, the notes, and links the packing slip', () => {
    renderWithRouter(<StoreOrderFulfilment order={aStoreOrder()} />);
    const delivery = screen.getByRole('region', { name: 'Delivery address' });
    expect(within(delivery).getByText('SINGAPORE 238801')).toBeTruthy();
    const billing = screen.getByRole('region', { name: 'Billing address' });
    expect(billing.textContent).toContain('Tan Accounts');
    expect(screen.getByRole('region', { name: 'Order notes' }).textContent).toContain(
      'Please leave it with the concierge.',
    );
    expect(screen.getByRole('link', { name: 'Print packing slip' }).getAttribute('href')).toBe(
      '/admin/orders/packing-slip?ids=o1',
    );
    expect(screen.queryByRole('region', { name: 'Shipment' })).toBeNull();
  });

  it('shows the carrier and tracking link once the order has shipped', () => {
    renderWithRouter(
      <StoreOrderFulfilment
        order={aStoreOrder({
          status: 'shipped',
          carrier: 'UPS',
          trackingNumber: '1Z9',
          trackingUrl: 'https://www.ups.com/track?tracknum=1Z9',
        })}
      />,
    );
    const shipment = screen.getByRole('region', { name: 'Shipment' });
    expect(shipment.textContent).toContain('Shipped with UPS.');
    expect(within(shipment).getByRole('link', { name: /1Z9/ }).getAttribute('href')).toBe(
      'https://www.ups.com/track?tracknum=1Z9',
    );
  });
});

describe('packing slips', () => {
  it('reads each order id once from the address, comma-separated or repeated', () => {
    expect(packingSlipIdsFrom(new URLSearchParams('ids=a,b&ids=a&ids=c,'))).toEqual(['a', 'b', 'c']);
    expect(packingSlipIdsFrom(new URLSearchParams(''))).toEqual([]);
  });

  it('prints a pick list and a slip per order, and the Print button opens the print dialogue', async () => {
    const second = aStoreOrder({ id: 'o2', orderRef: 'CB-WXYZ6789', notes: '' });
    api.respond(() => json(200, { orders: [aStoreOrder(), second] }));
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderWithRouter(<PackingSlips orderIds={['o1', 'o2']} />);
    expect(await screen.findByRole('heading', { name: 'Pick list: 6 units for 2 orders' })).toBeTruthy();
    expect(api.calls[0]?.path).toBe('/admin/orders/packing_slips?ids=o1%2Co2');
    const slip = screen.getByRole('article', { name: 'Packing slip · Order CB-WXYZ6789' });
    expect(within(slip).getByText('SINGAPORE 238801')).toBeTruthy();
    expect(within(slip).getByText('https://rakuten.example/kimono')).toBeTruthy();
    expect(within(slip).getByRole('region', { name: 'Notes of order CB-WXYZ6789' }).textContent).toContain(
      'None',
    );
    screen.getByRole('button', { name: 'Print' }).click();
    expect(print).toHaveBeenCalled();
  });

  it('says why when an order cannot be found, in words', async () => {
    api.respond(() => json(404, envelope('order/not_found', ['o9'])));
    renderWithRouter(<PackingSlips orderIds={['o9']} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The order you are looking for is not found');
    expect(alert.textContent).not.toContain('order/');
  });
});
