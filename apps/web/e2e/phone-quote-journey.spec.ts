import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { addFirstAddress } from './checkout-steps';
import { LOCAL_ITEM, startLocalShop } from './local-shop';
import {
  horizontalOverflow,
  openHydrated,
  seriousAccessibilityViolations,
  watchForErrors,
} from './page-helpers';
import { registerShopper, signInAsStaff } from './shoppers';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

// The first bytes of every PNG file.
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A phone's page as the shopper holds it: nothing scrolls sideways, axe finds nothing serious, and a
 * full-page picture is kept with the run's results to be looked at.
 */
async function checkPhonePage(page: Page, name: string) {
  expect(await horizontalOverflow(page), `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  expect(await seriousAccessibilityViolations(page), name).toEqual([]);
  // From the top, so the header that stays on screen is drawn where it belongs in the full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, permissions: ['clipboard-read', 'clipboard-write'] });

  let shop: Awaited<ReturnType<typeof startLocalShop>>;
  test.beforeAll(async () => {
    shop = await startLocalShop();
  });
  test.afterAll(async () => {
    await shop.close();
  });

  test('a shopper pastes a link, buys the quote, pays by PayNow from the same phone and confirms receipt', async ({
    page,
    browser,
  }) => {
    // Two people, a shop abroad, a checkout, a transfer and a shipment, with axe and pictures on each page.
    test.setTimeout(300_000);
    const errors = watchForErrors(page);
    await openHydrated(page, '/');
    await registerShopper(page.request, { verified: true });

    // 1. From the home page, the shopper pastes the link to the item and asks for a quotation.
    await openHydrated(page, '/');
    const quoteForm = page.getByRole('form', { name: 'Get a quotation' });
    await quoteForm.getByLabel('Link to an item on a marketplace abroad').fill(shop.url);
    await quoteForm.getByRole('button', { name: 'Get a quotation' }).click();
    await expect(page).toHaveURL(/\/quotations\/new\?link=/);
    await expect(page.getByLabel('Link to the item')).toHaveValue(shop.url);
    const itemName = page.getByLabel(/^Item name/);
    await expect(itemName).toHaveValue(LOCAL_ITEM.name, { timeout: 20_000 });
    const name = `Kettle on a phone ${Date.now()}`;
    await itemName.fill(name);
    await page.getByLabel('Instructions for the store').fill('Black, please');
    await checkPhonePage(page, '1-request');
    await page.getByRole('button', { name: 'Send the request' }).click();
    await expect(page).toHaveURL((url) => /^\/quotations\/(?!new$)[^/]+$/.test(url.pathname));
    const quotationId = new URL(page.url()).pathname.split('/').at(-1) as string;
    await expect(page.getByTestId('quotation-status')).toHaveText('Quoting your product...');
    await checkPhonePage(page, '2-requested');

    // 2. The operator, at a desk, signed in with two-factor, sends the quote.
    const operatorContext = await browser.newContext({ viewport: DESKTOP });
    const desk = await operatorContext.newPage();
    const deskErrors = watchForErrors(desk);
    await openHydrated(desk, '/');
    await signInAsStaff(desk.request);
    await openHydrated(desk, `/admin/quotations/${quotationId}`);
    await expect(desk.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(desk.getByLabel(/^Seller's price for one/)).toHaveValue('4800');
    await desk.getByRole('button', { name: 'Send quote' }).click();
    await expect(desk.getByText(`Quoted ${name}. The shopper is told.`)).toBeFocused();

    // 3. The shopper, back on the home page, reads the news from the bell and opens the quotation.
    await openHydrated(page, '/');
    const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications 1 unread' });
    await bell.click();
    const news = page.getByRole('link', { name: /^Your Quotation is here! \(unread\)/ });
    await expect(news).toBeInViewport({ ratio: 1 });
    await expect(news).toContainText(`${name}: the price holds until`);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('3-bell-390.png') });
    await news.click();
    await expect(page).toHaveURL(new RegExp(`/quotations/${quotationId}$`));
    await expect(page.getByTestId('quotation-status')).toHaveText('Your Quotation is here!');
    await expect(page.getByRole('region', { name: 'How the price is made' })).toContainText(
      "Seller's price for one",
    );
    await expect(page.getByRole('heading', { name: 'Buy it' }).locator('..')).toContainText(
      'Delivery to you and any voucher are worked out at checkout.',
    );
    await checkPhonePage(page, '4-quoted');

    // It buys it from there, to a first delivery address, paying by PayNow.
    await page.getByRole('button', { name: 'Check out now' }).click();
    await expect(page).toHaveURL(/\/checkout\?session=/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Items in this order' })).toContainText(name);
    await addFirstAddress(page);
    await expect(
      page.getByRole('group', { name: 'Payment method' }).getByRole('radio', { name: /PayNow/ }),
    ).toBeChecked();
    await expect(page.getByTestId('cost-total')).toHaveText(/\d/);
    await checkPhonePage(page, '5-checkout');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/orders\/[^/?]+\?placed=1$/);
    const orderId = new URL(page.url()).pathname.split('/').at(-1) as string;
    const { order } = await (await page.request.get(`/api/order/${orderId}`)).json();
    expect(order.quotationItems.map((item: { id: string }) => item.id)).toEqual([quotationId]);
    await expect(page.getByRole('status').filter({ hasText: 'Thank you, your order' })).toContainText(
      `Thank you, your order ${order.orderRef} is placed`,
    );
    const heading = page.getByRole('heading', { level: 1, name: `Order ${order.orderRef}` });
    await expect(heading.locator('..')).toContainText('Waiting for payment');

    // The QR cannot be scanned from the phone showing it: the shopper saves it as a picture.
    const payment = page.getByRole('region', { name: 'Payment', exact: true });
    await expect(payment.getByRole('img', { name: /^PayNow QR code to pay / })).toBeVisible();
    await expect(payment.getByRole('heading', { name: 'Paying on this phone?' })).toBeVisible();
    // One deadline to pay, to the minute; the QR's day of expiry is not a second one.
    await expect(page.getByText(/^Please pay by .+; an order not paid by then is cancelled/)).toBeVisible();
    await expect(payment.getByText('QR valid until', { exact: true })).toBeVisible();
    await expect(payment.getByText('Pay by', { exact: true })).toHaveCount(0);
    const reference = (await payment.getByTestId('paynow-reference').innerText()).trim();
    expect(reference).not.toBe('');
    const downloading = page.waitForEvent('download');
    await payment.getByRole('link', { name: 'Save QR image' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`PayNow-${reference}.png`);
    const savedAt = test.info().outputPath('paynow-qr.png');
    await download.saveAs(savedAt);
    const saved = readFileSync(savedAt);
    expect(saved.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)).toBe(true);
    expect(saved.length).toBeGreaterThan(500);

    // Each value for the banking app is copied as it is to be typed, and said to be copied.
    const copied = () => page.evaluate(() => navigator.clipboard.readText());
    const said = payment.getByRole('status');
    await payment.getByRole('button', { name: 'Copy UEN' }).click();
    await expect(said).toHaveText('Copied the UEN.');
    expect(await copied()).toBe('53312345X');
    await payment.getByRole('button', { name: 'Copy amount' }).click();
    await expect(said).toHaveText('Copied the amount.');
    expect(await copied()).toBe((order.total.amountMinor / 100).toFixed(2));
    await payment.getByRole('button', { name: 'Copy reference' }).click();
    await expect(said).toHaveText('Copied the reference.');
    expect(await copied()).toBe(reference);
    await checkPhonePage(page, '6-pay');

    await payment.getByRole('button', { name: 'I have paid' }).click();
    await expect(
      payment.getByText(
        'Thank you. We are checking your transfer and will mark the order paid as soon as it arrives.',
      ),
    ).toBeVisible();
    await expect(page.getByText(/^You told us on .* that you sent the PayNow transfer\./)).toBeVisible();
    await checkPhonePage(page, '7-told-paid');

    // 4. The transfer arrives: the operator confirms it, prepares the order and ships it.
    await openHydrated(desk, `/admin/orders/${orderId}`);
    await desk.getByRole('button', { name: 'Confirm the transfer arrived' }).click();
    await desk.getByRole('button', { name: 'Yes, it has arrived' }).click();
    await expect(desk.getByTestId('order-status')).toHaveText('Paid');
    await desk.getByRole('button', { name: 'Start processing' }).click();
    await expect(desk.getByText('The order is now being prepared.')).toBeVisible();
    const moves = desk.getByRole('region', { name: 'Move the order on' });
    await moves.getByLabel('Carrier').selectOption('DHL Express');
    await moves.getByLabel('Tracking number').fill('JD0147');
    await moves.getByRole('button', { name: 'Mark as shipped' }).click();
    await expect(desk.getByText('The order is now shipped.')).toBeVisible();
    await operatorContext.close();
    expect(deskErrors).toEqual([]);

    // 5. The shopper's page, open all along, shows the shipment and the carrier's tracking page.
    await expect(heading.locator('..').getByText('Shipped', { exact: true })).toBeVisible({
      timeout: 15_000,
    });
    // The thanks for placing it was news on the way to paying; a shipped order no longer shows it.
    await expect(page.getByText(/^Thank you, your order .* is placed$/)).toHaveCount(0);
    const shipment = page.getByTestId('order-shipment');
    await expect(shipment).toContainText('Shipped with DHL Express. Tracking number: JD0147');
    const tracking = shipment.getByRole('link', {
      name: 'JD0147 (opens DHL Express’s tracking page in a new tab)',
    });
    await expect(tracking).toHaveAttribute(
      'href',
      'https://www.dhl.com/sg-en/home/tracking.html?tracking-id=JD0147',
    );
    await expect(tracking).toHaveAttribute('target', '_blank');
    await checkPhonePage(page, '8-shipped');

    // The parcel arrives, and the shopper says so.
    const received = page.getByRole('region', { name: 'Received your items?' });
    await received.getByRole('button', { name: 'Confirm receipt' }).click();
    await expect(received).toContainText('Confirm that you have received every item of this order?');
    await received.getByRole('button', { name: 'Yes, I have received it' }).click();
    await expect(page.getByText('Thank you, your order is completed.')).toBeVisible();
    await expect(heading.locator('..').getByText('Completed', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Received your items?' })).toHaveCount(0);
    // Where to turn should something be wrong after all, behind a heading that shows it opens.
    await page.getByText('A problem with this order?').click();
    await expect(page.getByText(/^Problems can be raised within \d+ days of delivery\./)).toBeVisible();
    await checkPhonePage(page, '9-completed');

    // The list of orders says the same.
    await page.getByRole('main').getByRole('link', { name: 'Your orders', exact: true }).click();
    const listed = page
      .getByRole('list', { name: 'Orders', exact: true })
      .getByRole('listitem', { name: `Order ${order.orderRef}` });
    await expect(listed).toContainText('Completed');
    await checkPhonePage(page, '10-orders');
    expect(errors).toEqual([]);
  });
});
