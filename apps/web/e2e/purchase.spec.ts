import { expect, test } from '@playwright/test';
import { addFirstAddress, checkOut, simpleProduct } from './checkout-steps';
import { openHydrated, watchForErrors } from './page-helpers';
import { registerShopper, signInAs, signInAsStaff } from './shoppers';

// Runs on the development store (playwright.config.ts), where the labelled test card stands in for cards.
test('cart, checkout, pay with the test card, and talk with the store live on the order page', async ({
  page,
  browser,
}) => {
  const errors = watchForErrors(page);
  await openHydrated(page, '/');
  await signInAs(page.request, await registerShopper(page.request, { verified: true }));
  const product = await simpleProduct(page);
  await checkOut(page, product);
  await addFirstAddress(page);

  await page
    .getByRole('group', { name: 'Payment method' })
    .getByRole('radio', { name: /Test card/ })
    .check();
  await expect(page.getByTestId('cost-payment-fee')).toHaveText(/\d/);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/orders\/[^/?]+\?placed=1$/);
  const orderId = new URL(page.url()).pathname.split('/').at(-1) as string;
  const { order } = await (await page.request.get(`/api/order/${orderId}`)).json();
  const heading = page.getByRole('heading', { level: 1, name: `Order ${order.orderRef}` });
  await expect(heading.locator('..')).toContainText('Waiting for payment');

  // A declined card says so and leaves the order waiting; the paying card pays it.
  const payment = page.getByRole('form', { name: 'Pay with the test card' });
  await payment.getByLabel('Test card number').fill('4000 0000 0000 0002');
  await payment.getByRole('button', { name: 'Pay with the test card' }).click();
  await expect(payment.getByText('Your card was declined (test card)')).toBeVisible();
  await payment.getByLabel('Test card number').fill('4242 4242 4242 4242');
  await payment.getByRole('button', { name: 'Pay with the test card' }).click();
  await expect(heading.locator('..').getByText('Paid', { exact: true })).toBeVisible({ timeout: 15_000 });
  expect((await (await page.request.get(`/api/order/${orderId}`)).json()).order.status).toBe('paid');

  // The store's operator opens the same order on the back-office page; each side sees the other live.
  const operatorContext = await browser.newContext();
  const operatorPage = await operatorContext.newPage();
  await signInAsStaff(operatorPage.request);
  await openHydrated(operatorPage, `/admin/orders/${orderId}`);
  const shopperTimeline = page.getByRole('region', { name: 'Messages and updates' });
  const storeTimeline = operatorPage.getByRole('region', { name: 'Messages and updates' });
  await expect(shopperTimeline.getByText('Live')).toBeVisible();
  await expect(storeTimeline.getByText('Live')).toBeVisible();

  // Text stays text: markup typed into the chat is shown as written, and the arrival is read out.
  const storeMessage = 'Thank you <b>Mei</b>! Your order is being packed.';
  await operatorPage.getByLabel('Message the shopper').fill(storeMessage);
  await operatorPage.getByRole('button', { name: 'Send' }).click();
  await expect(shopperTimeline.getByText(storeMessage, { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'New message from the store' })).toHaveCount(1);

  await page.getByLabel('Message the store').fill('Great, could you gift-wrap it?');
  await page.getByLabel('Message the store').press('Control+Enter');
  await expect(storeTimeline.getByText('Great, could you gift-wrap it?', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Message the store')).toHaveValue('');

  await operatorContext.close();
  expect(errors).toEqual([]);
});
