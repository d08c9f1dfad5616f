import { type APIRequestContext, expect, test } from '@playwright/test';
import { addFirstAddress, checkOut, simpleProduct } from './checkout-steps';
import { horizontalOverflow, openHydrated, watchForErrors } from './page-helpers';
import { operatorDesk, registerShopper, signInAs } from './shoppers';

// Registration is rate-limited per address, so the journeys of a worker share one verified account.
let sharedShopper: Promise<{ email: string; password: string }> | undefined;
function shopper(request: APIRequestContext) {
  sharedShopper ??= registerShopper(request, { verified: true });
  return sharedShopper;
}

test.describe('checkout', () => {
  test('check out a cart line: address, a refused voucher, place the order once, pay for it', async ({
    page,
    request,
    baseURL,
  }) => {
    const errors = watchForErrors(page);
    // A tag manager's data layer, which the store's analytics write to when a page has one.
    await page.addInitScript(() => {
      (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
    });
    await openHydrated(page, '/');
    await signInAs(page.request, await shopper(request));
    const product = await simpleProduct(page);
    await checkOut(page, product);
    await addFirstAddress(page);

    const total = page.getByTestId('cost-total');
    await expect(total).toHaveText(/\d/);
    await expect(page.getByTestId('cost-shipping')).not.toHaveText('Choose an address');

    await page.getByLabel('Voucher code').fill('NOT-A-VOUCHER');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('This voucher code is not valid')).toBeVisible();
    await expect(page.getByLabel('Voucher code')).toHaveAttribute('aria-invalid', 'true');
    // The browser logs the refused validation itself; nothing else may fail.
    expect(errors).toEqual([
      'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
    errors.length = 0;

    // The store's first payment method starts chosen; without card keys that is PayNow alone.
    const payment = page.getByRole('group', { name: 'Payment method' });
    await expect(payment.getByRole('radio', { name: /PayNow/ })).toBeChecked();

    // A voucher for PayNow, sent from the keyboard, comes off the total.
    const withoutVoucher = await total.innerText();
    await page.getByLabel('Voucher code').fill('PAYNOW3');
    await page.getByLabel('Voucher code').press('Enter');
    await expect(page.getByText(/Voucher PAYNOW3 is on this order/)).toBeVisible();
    await expect(page.getByTestId('cost-discount')).toHaveText(/^−/);
    await expect(total).not.toHaveText(withoutVoucher);

    await page.getByLabel('Notes for the store (optional)').fill('Please ring twice');
    let orderRequests = 0;
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname === '/api/checkout/create_order') orderRequests += 1;
    });
    const placed = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/checkout/create_order',
    );
    await page.getByRole('button', { name: 'Place order' }).dblclick();
    expect((await placed).status()).toBe(201);
    await expect(page).toHaveURL(/\/orders\/[^/?]+\?placed=1$/);
    const orderId = new URL(page.url()).pathname.split('/').at(-1) as string;
    expect(orderRequests).toBe(1);

    const { order } = await (await page.request.get(`/api/order/${orderId}`)).json();
    expect(order.status).toBe('pending_payment');
    expect(order.paymentMethod).toBe('paynow');
    expect(order.voucherCode).toBe('PAYNOW3');
    expect(order.notes).toBe('Please ring twice');
    expect(order.lines.map((line: { capture: { name: string } }) => line.capture.name)).toEqual([
      product.name,
    ]);
    const events = (
      await page.evaluate(() => (window as unknown as { dataLayer: { event: string }[] }).dataLayer)
    ).map(({ event, ...params }) => ({ event, ...params }) as Record<string, unknown>);
    expect(events.filter(({ event }) => event === 'begin_checkout')).toHaveLength(1);
    expect(events.filter(({ event }) => event === 'add_shipping_info').length).toBeGreaterThan(0);
    const purchases = events.filter(({ event }) => event === 'purchase');
    expect(purchases).toEqual([
      expect.objectContaining({
        transaction_id: order.orderRef,
        currency: order.total.currency,
        coupon: 'PAYNOW3',
        tax: expect.any(Number),
      }),
    ]);
    const { orders } = await (await page.request.get('/api/order?limit=50')).json();
    expect(orders.filter((listed: { id: string }) => listed.id === orderId)).toHaveLength(1);

    // The line left the cart with the order.
    const cart = await (await page.request.get('/api/cart')).json();
    expect(cart.cartItems.map((line: { productId: string }) => line.productId)).not.toContain(product.uuid);

    // Paid by PayNow: the shopper says the transfer is made, the store confirms it arrived.
    await expect(page.getByText(`Thank you, your order ${order.orderRef} is placed`)).toBeVisible();
    const heading = page.getByRole('heading', { level: 1, name: `Order ${order.orderRef}` });
    await expect(heading.locator('..')).toContainText('Waiting for payment');
    await page.getByRole('button', { name: 'I have paid' }).click();
    await expect(page.getByText(/We are checking your transfer/)).toBeVisible();
    const desk = await operatorDesk(baseURL as string);
    await desk.confirmPaynow(orderId);
    await desk.dispose();
    // The page hears of the payment by itself, without a reload.
    await expect(heading.locator('..').getByText('Paid', { exact: true })).toBeVisible({ timeout: 15_000 });
    expect((await (await page.request.get(`/api/order/${orderId}`)).json()).order.status).toBe('paid');

    // Back on the checkout, it leads to the order it placed rather than offering to place it again.
    await page.goBack();
    await expect(page.getByText('This checkout has placed your order')).toBeVisible();
    await page.getByRole('link', { name: 'See your order' }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
    expect(errors).toEqual([]);
  });

  test('a quoted item is checked out with a cart line, and one still being quoted cannot be', async ({
    page,
    request,
    baseURL,
  }) => {
    const errors = watchForErrors(page);
    await openHydrated(page, '/');
    await signInAs(page.request, await shopper(request));
    const bought = await simpleProduct(page, 2);
    const quoted = await simpleProduct(page, 3);
    const waiting = await simpleProduct(page, 4);
    for (const product of [bought, quoted, waiting]) {
      await openHydrated(page, `/product/${product.paramName}`);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByText(/^Added 1 to your cart\./)).toBeVisible();
    }

    await openHydrated(page, '/cart');
    const cartLines = page.getByRole('list', { name: 'Cart items' });
    const quotationIds: string[] = [];
    for (const product of [quoted, waiting]) {
      await cartLines
        .getByRole('listitem', { name: product.name })
        .getByRole('button', { name: 'Move to quotation' })
        .click();
      const seeRequest = page.getByRole('link', { name: 'See the request' });
      await expect(seeRequest).toBeVisible();
      quotationIds.push(((await seeRequest.getAttribute('href')) ?? '').split('/').at(-1) as string);
    }
    const desk = await operatorDesk(baseURL as string);
    await desk.resolve(quotationIds[0] as string, { amountMinor: 2000, currency: 'SGD' });
    await desk.dispose();

    await openHydrated(page, '/cart');
    const quotations = page.getByRole('list', { name: 'Quotation items' });
    const waitingLine = quotations.getByRole('listitem', { name: waiting.name });
    await expect(waitingLine.getByText('The store is still quoting this item')).toBeVisible();
    await expect(waitingLine.getByRole('checkbox')).toBeDisabled();
    await page.getByRole('checkbox', { name: 'Select all' }).uncheck();
    await page.getByRole('checkbox', { name: `Select ${bought.name} for checkout` }).check();
    await quotations.getByRole('checkbox', { name: `Select ${quoted.name} for checkout` }).check();
    await page.getByRole('button', { name: 'Check out' }).click();

    await expect(page).toHaveURL(/\/checkout\?session=/);
    const items = page.getByRole('list', { name: 'Items in this order' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.filter({ hasText: quoted.name })).toContainText(/Quoted (from|item)/);
    await addFirstAddress(page);
    await expect(page.getByTestId('cost-total')).toHaveText(/\d/);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/orders\/[^/?]+\?placed=1$/);
    const orderId = new URL(page.url()).pathname.split('/').at(-1) as string;
    const { order } = await (await page.request.get(`/api/order/${orderId}`)).json();
    expect(order.quotationItems.map((item: { id: string }) => item.id)).toEqual([quotationIds[0]]);
    expect(order.cartItems).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the checkout fits the screen and every control is of touch size', async ({ page, request }) => {
      const errors = watchForErrors(page);
      await openHydrated(page, '/');
      await signInAs(page.request, await shopper(request));
      await checkOut(page, await simpleProduct(page, 1));
      await addFirstAddress(page);
      await expect(page.getByTestId('cost-total')).toHaveText(/\d/);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      const controls = [
        page.getByRole('group', { name: 'Delivery address' }).getByRole('radio').first(),
        page.getByRole('button', { name: 'Add a new address' }),
        page.getByLabel('Voucher code'),
        page.getByRole('button', { name: 'Apply' }),
        page.getByRole('group', { name: 'Payment method' }).getByRole('radio').first(),
        page.getByRole('button', { name: 'Place order' }),
      ];
      for (const control of controls) {
        await control.scrollIntoViewIfNeeded();
        await expect(control).toBeInViewport();
        // A radio is pressed through its whole row, its label.
        const target =
          (await control.getAttribute('type')) === 'radio' ? control.locator('xpath=..') : control;
        const box = await target.boundingBox();
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      }
      expect(errors).toEqual([]);
    });
  });
});
