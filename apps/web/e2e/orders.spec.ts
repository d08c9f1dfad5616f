import { type APIRequestContext, expect, test } from '@playwright/test';
import { mailTextTo } from './mailbox';
import { placeOrder } from './order-steps';
import { horizontalOverflow, openHydrated, watchForErrors } from './page-helpers';
import { operatorDesk, registerShopper, signInAs, signInAsStaff } from './shoppers';

// Registration is rate-limited per address, so the journeys of a worker share one verified account.
let sharedShopper: Promise<{ email: string; password: string }> | undefined;
function shopper(request: APIRequestContext) {
  sharedShopper ??= registerShopper(request, { verified: true });
  return sharedShopper;
}

test.describe('orders', () => {
  // A browser far from the store: every date on the page is still Singapore's, as the mail says.
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('finds a new order in the list, opens it and cancels it after being asked', async ({
    page,
    request,
  }) => {
    const errors = watchForErrors(page);
    await openHydrated(page, '/');
    const account = await shopper(request);
    await signInAs(page.request, account);
    const order = await placeOrder(page, { quantity: 2 });

    await openHydrated(page, '/orders');
    const row = page.getByRole('listitem', { name: `Order ${order.orderRef}` });
    await expect(row.getByText('Waiting for payment')).toBeVisible();
    // One line of two: the item and how many of it, not "and 1 more" item that is not there.
    await expect(row.getByText(/^\S.* × 2$/)).toBeVisible();
    await expect(row.getByText(/more item/)).toHaveCount(0);
    await row.getByRole('link', { name: `Order ${order.orderRef}` }).click();

    await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
    await expect(page.getByRole('heading', { name: `Order ${order.orderRef}` })).toBeVisible();
    // The deadline on the page is the order mail's, to the second, in the store's time and saying so.
    const mail = await mailTextTo(account.email, `Your Crossbuy order ${order.orderRef}`);
    const due = /Please pay by (\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} Singapore time);/.exec(mail)?.[1];
    expect(due, 'the order mail says when to pay by').toBeTruthy();
    await expect(page.getByText(/^Please pay by/)).toContainText(`Please pay by ${due};`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: `Cancel order ${order.orderRef}? This cannot be undone.` }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Keep the order' })).toBeFocused();
    await page.getByRole('button', { name: 'Yes, cancel the order' }).click();

    await expect(page.getByText('Your order is cancelled.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Order progress' }).getByText('Cancelled')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

    await openHydrated(page, '/orders?status=cancelled');
    await expect(page.getByRole('listitem', { name: `Order ${order.orderRef}` })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("the store finds a shopper's new order on its order desk by reference and opens it", async ({
    page,
    request,
    browser,
  }) => {
    await openHydrated(page, '/');
    const account = await shopper(request);
    await signInAs(page.request, account);
    const order = await placeOrder(page);

    const store = await browser.newPage();
    const errors = watchForErrors(store);
    await openHydrated(store, '/');
    await signInAsStaff(store.request);
    await openHydrated(store, '/');
    await store.getByRole('button', { name: /^Account menu for / }).click();
    await store.getByRole('menuitem', { name: 'Back office' }).click();
    await store
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Orders' })
      .click();
    await expect(store.getByRole('heading', { level: 1, name: 'Order desk' })).toBeVisible();

    await store.getByLabel('Reference, email or name').fill(order.orderRef.toLowerCase());
    await store.getByLabel('Reference, email or name').press('Enter');
    const table = store.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row').filter({ hasText: order.orderRef });
    await expect(row).toContainText(account.email);
    await expect(row).toContainText('Waiting for payment');
    await row.getByRole('link', { name: order.orderRef }).click();
    await expect(store).toHaveURL(new RegExp(`/admin/orders/${order.id}$`));
    await expect(store.getByRole('heading', { level: 1 })).toContainText(order.orderRef);
    expect(errors).toEqual([]);
    await store.close();
  });

  test("an operator ships a paid order and the shopper's open order page shows it live", async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const errors = watchForErrors(page);
    await openHydrated(page, '/');
    await signInAs(page.request, await shopper(request));
    const order = await placeOrder(page);
    const desk = await operatorDesk(baseURL ?? '');
    await desk.confirmPaynow(order.id);
    await desk.dispose();

    await openHydrated(page, `/orders/${order.id}`);
    await expect(page.getByRole('heading', { name: `Order ${order.orderRef}` })).toBeVisible();
    await expect(page.getByText('Live', { exact: true })).toBeVisible();

    const store = await browser.newPage();
    await openHydrated(store, '/');
    await signInAsStaff(store.request);
    await openHydrated(store, `/admin/orders/${order.id}`);
    await store.getByRole('button', { name: 'Start processing' }).click();
    await expect(store.getByText('The order is now being prepared.')).toBeVisible();
    await store.getByLabel('Carrier').selectOption('SingPost');
    await store.getByLabel('Tracking number').fill('SG123456789');
    await store.getByRole('button', { name: 'Mark as shipped' }).click();
    await expect(store.getByText('The order is now shipped.')).toBeVisible();
    await expect(store.getByTestId('order-status')).toHaveText('Shipped');
    await store.close();

    // The shopper's page, open all along, hears of it without a reload.
    await expect(page.getByTestId('order-shipment')).toContainText('Shipped with SingPost.');
    await expect(page.getByRole('link', { name: /SG123456789/ })).toHaveAttribute(
      'href',
      'https://www.singpost.com/track-items?trackingid=SG123456789',
    );
    await expect(page.getByRole('list', { name: 'Order progress' }).getByText('Shipped')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('thanks the shopper for a placed order and fits a phone screen', async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openHydrated(page, '/');
    await signInAs(page.request, await shopper(request));
    const order = await placeOrder(page);

    await openHydrated(page, `/orders/${order.id}?placed=1`);
    const thanks = page
      .getByRole('status')
      .filter({ hasText: `Thank you, your order ${order.orderRef} is placed` });
    await expect(thanks).toBeFocused();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await openHydrated(page, '/orders');
    await expect(page.getByRole('listitem', { name: `Order ${order.orderRef}` })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});

test.describe('contact', () => {
  test('a visitor writes to the store by keyboard and is told the message is sent', async ({ page }) => {
    const errors = watchForErrors(page);
    await openHydrated(page, '/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' }).click();
    await expect(page.getByRole('heading', { name: 'Contact us', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Please enter a valid email address so we can reply')).toBeVisible();

    await page.getByLabel('Your name').fill('Mei Tan');
    await page.getByLabel('Your email').fill('mei@example.com');
    await page.getByLabel(/Phone number/).fill('+65 9123 4567');
    await page.getByLabel('Your message').fill('Do you ship to Malaysia?');
    await page.getByLabel('Your message').press('Tab');
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Thank you, your message is sent' })).toBeFocused();
    await expect(page.getByText('We will reply to mei@example.com')).toBeVisible();
    expect(errors).toEqual([]);
  });
});
