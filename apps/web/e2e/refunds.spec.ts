import { expect, type Page, test } from '@playwright/test';
import { horizontalOverflow, openHydrated, watchForErrors } from './page-helpers';
import { registerShopper, signInAsStaff } from './shoppers';

type Money = { amountMinor: number; currency: string };

/** A call the page's browser makes, with its anti-forgery header; fails the test unless it succeeds. */
async function send<T>(page: Page, path: string, data: unknown): Promise<T> {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const answer = await page.request.post(path, { headers: { 'x-xsrf-token': xsrf }, data });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as T;
}

/** A catalogue product in stock without variants, found through the API (the demo store is generated). */
async function stockedProduct(page: Page): Promise<string> {
  const search = await (await page.request.get('/api/product/search?inStock=true&limit=48')).json();
  for (const summary of search.products as { uuid: string }[]) {
    const { product } = await (await page.request.get(`/api/product/one/${summary.uuid}`)).json();
    if (Object.keys(product.variantPaths).length === 0 && product.stock > 0) return product.uuid;
  }
  throw new Error('no product without variants in stock');
}

/** An order placed by PayNow through the API, as the checkout page places it. */
async function placePaynowOrder(page: Page): Promise<{ id: string; orderRef: string; total: Money }> {
  const { cartItem } = await send<{ cartItem: { id: string } }>(page, '/api/cart', {
    productId: await stockedProduct(page),
    variantPath: '',
    quantity: 1,
    message: '',
  });
  const { address } = await send<{ address: { id: string } }>(page, '/api/address', {
    fullName: 'Mei Tan',
    phoneNumber: '+6581234567',
    address: '1 Orchard Road',
    unitNumber: '#05-01',
    postalCode: '238801',
    main: false,
    country: 'SG',
  });
  const session = await send<{ key: string }>(page, '/api/checkout/session', {
    cartItemIds: [cartItem.id],
    quotationItemIds: [],
  });
  const { order } = await send<{ order: { id: string; orderRef: string; total: Money } }>(
    page,
    '/api/checkout/create_order',
    { checkoutSessionKey: session.key, paymentMethod: 'paynow', shippingAddressId: address.id },
  );
  return order;
}

const major = (amountMinor: number) => (amountMinor / 100).toFixed(2);

test.describe('refunds', () => {
  test('the store refunds part of a PayNow order on its page, cannot refund more than remains, and the shopper sees the refund', async ({
    page,
    browser,
  }) => {
    const shopperErrors = watchForErrors(page);
    await openHydrated(page, '/');
    await registerShopper(page.request, { verified: true });
    const order = await placePaynowOrder(page);
    expect(order.total.currency).toBe('SGD');

    const store = await browser.newPage();
    const storeErrors = watchForErrors(store);
    await openHydrated(store, '/');
    await signInAsStaff(store.request);
    // The shopper's transfer arrived: the store confirms it, and the order is paid by PayNow.
    await send(store, `/api/admin/orders/${order.id}/confirm_paynow`, {});
    await openHydrated(store, `/admin/orders/${order.id}`);
    const refunds = store.getByRole('region', { name: 'Refunds' });
    await expect(refunds.getByTestId('refundable')).toHaveText(`S$${major(order.total.amountMinor)}`);
    const amount = refunds.getByLabel(/^Amount \(SGD\)/);
    await expect(amount).toHaveValue(major(order.total.amountMinor));

    // More than remains is refused by the form, before anything is asked.
    await amount.fill(major(order.total.amountMinor + 1));
    await refunds.getByRole('button', { name: 'Refund' }).click();
    await expect(
      refunds.getByText(
        `A refund cannot be more than what remains of the payment (S$${major(order.total.amountMinor)})`,
      ),
    ).toBeVisible();
    await expect(refunds.getByRole('button', { name: 'Yes, refund' })).toHaveCount(0);

    const part = Math.floor(order.total.amountMinor / 2);
    await amount.fill(major(part));
    await refunds.getByLabel(/^Bank transfer reference/).fill('DBS-REFUND-1');
    await refunds.getByLabel(/^Reason/).fill('One item arrived damaged');
    await refunds.getByRole('button', { name: 'Refund' }).click();
    await expect(
      refunds.getByRole('alert').filter({ hasText: `Refund S$${major(part)} to the shopper?` }),
    ).toBeVisible();
    await expect(refunds.getByRole('button', { name: 'Not now' })).toBeFocused();
    await refunds.getByRole('button', { name: 'Yes, refund' }).click();

    await expect(refunds.getByRole('status')).toHaveText(`Refunded S$${major(part)}.`);
    const remaining = order.total.amountMinor - part;
    await expect(refunds.getByTestId('refunded-total')).toHaveText(`S$${major(part)}`);
    await expect(refunds.getByTestId('refundable')).toHaveText(`S$${major(remaining)}`);
    await expect(refunds.getByRole('list', { name: 'Refunds made' })).toContainText(
      'One item arrived damaged',
    );
    await expect(refunds.getByLabel(/^Amount \(SGD\)/)).toHaveValue(major(remaining));

    await store.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(store)).toBeLessThanOrEqual(0);

    await openHydrated(page, `/orders/${order.id}`);
    const timeline = page.getByRole('list', { name: 'Timeline, oldest first' });
    await expect(
      timeline.getByText(
        `Refunded S$${major(part)} by bank transfer, reference DBS-REFUND-1. Reason: One item arrived damaged.`,
        { exact: true },
      ),
    ).toBeVisible();
    expect(storeErrors).toEqual([]);
    expect(shopperErrors).toEqual([]);
  });

  test('a PayNow transfer the shopper says is sent stops their cancel; the store cancels, records the late transfer and returns it in one step', async ({
    page,
    browser,
  }) => {
    test.slow();
    const shopperErrors = watchForErrors(page);
    await openHydrated(page, '/');
    await registerShopper(page.request, { verified: true });
    const order = await placePaynowOrder(page);
    const amount = `S$${major(order.total.amountMinor)}`;

    await openHydrated(page, `/orders/${order.id}`);
    await page.getByRole('button', { name: 'I have paid' }).click();
    await expect(page.getByText(/that you sent the PayNow transfer/)).toBeVisible();
    await expect(page.getByText(/can no longer be cancelled here/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

    const store = await browser.newPage();
    const storeErrors = watchForErrors(store);
    await openHydrated(store, '/');
    await signInAsStaff(store.request);
    await openHydrated(store, `/admin/orders/${order.id}`);
    const cancel = store.getByRole('region', { name: 'Cancel the order' });
    await cancel.getByLabel(/^Reason/).fill('No transfer has arrived in three days');
    await cancel.getByRole('button', { name: 'Cancel order' }).click();
    await cancel.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await expect(store.getByTestId('order-status')).toHaveText('Cancelled');

    // The transfer turns up after all: recorded, it is owed back to the shopper.
    const paynow = store.getByRole('region', { name: 'PayNow transfer' });
    await paynow.getByRole('button', { name: 'Record a transfer that arrived' }).click();
    await paynow.getByRole('button', { name: 'Yes, it has arrived' }).click();
    const refunds = store.getByRole('region', { name: 'Refunds' });
    await expect(refunds.getByTestId('owed-back')).toHaveText(amount);
    await expect(refunds.getByText(`still holds ${amount} of the shopper’s money`)).toBeVisible();
    await expect(refunds.getByLabel(/^Amount \(SGD\)/)).toHaveValue(major(order.total.amountMinor));
    await expect(refunds.getByLabel(/^Reason/)).toHaveValue('The order was cancelled');
    await refunds.getByLabel(/^Bank transfer reference/).fill('DBS-RETURN-9');
    await refunds.getByRole('button', { name: 'Refund' }).click();
    await refunds.getByRole('button', { name: 'Yes, refund' }).click();
    await expect(refunds.getByText(`Refunded ${amount}.`, { exact: true })).toBeVisible();
    await expect(refunds.getByTestId('owed-back')).toHaveCount(0);

    await store.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(store)).toBeLessThanOrEqual(0);

    await openHydrated(page, `/orders/${order.id}`);
    const timeline = page.getByRole('list', { name: 'Timeline, oldest first' });
    await expect(
      timeline.getByText(
        `We received ${amount} by PayNow after the order was closed; we will send it back to you by bank transfer.`,
        { exact: true },
      ),
    ).toBeVisible();
    await expect(
      timeline.getByText(
        `Refunded ${amount} by bank transfer, reference DBS-RETURN-9. Reason: The order was cancelled.`,
        { exact: true },
      ),
    ).toBeVisible();
    expect(storeErrors).toEqual([]);
    expect(shopperErrors).toEqual([]);
  });
});
