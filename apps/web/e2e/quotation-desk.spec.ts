import { expect, test } from '@playwright/test';
import { addFirstAddress } from './checkout-steps';
import { startLocalShop } from './local-shop';
import {
  horizontalOverflow,
  openHydrated,
  seriousAccessibilityViolations,
  watchForErrors,
} from './page-helpers';
import { registerShopper, signInAsStaff } from './shoppers';

test.describe('the quotation desk', () => {
  let shop: Awaited<ReturnType<typeof startLocalShop>>;
  test.beforeAll(async () => {
    shop = await startLocalShop();
  });
  test.afterAll(async () => {
    await shop.close();
  });

  test('an operator sends a quote with its breakdown from the desk, and the shopper reads it and buys the item', async ({
    page,
    browser,
  }) => {
    // Two people, a shop abroad, a checkout, a payment, screenshots and accessibility checks at two widths:
    // far more steps than a journey's usual time allows.
    test.setTimeout(300_000);
    const errors = watchForErrors(page);
    await openHydrated(page, '/');
    const shopper = await registerShopper(page.request, { verified: true });
    const name = `Kettle for the desk ${Date.now()}`;

    // The shopper asks for a quote for an item on a shop abroad; the store reads its page first.
    await openHydrated(page, '/quotations/new');
    await page.getByLabel('Link to the item').fill(shop.url);
    await page.getByRole('button', { name: 'Look up the item' }).click();
    await expect(page.getByLabel(/^Item name/)).not.toHaveValue('', { timeout: 20_000 });
    await page.getByLabel(/^Item name/).fill(name);
    await page.getByLabel(/^Quantity/).fill('2');
    await page.getByLabel('Instructions for the store').fill('Black, please');
    await page.getByRole('button', { name: 'Send the request' }).click();
    await expect(page).toHaveURL((url) => /^\/quotations\/(?!new$)[^/]+$/.test(url.pathname));
    const quotationId = new URL(page.url()).pathname.split('/').at(-1) as string;
    await expect(page.getByTestId('quotation-status')).toHaveText('Quoting your product...');

    // The operator finds it in the queue, with what the desk needs to quote it.
    const operatorContext = await browser.newContext();
    const desk = await operatorContext.newPage();
    const deskErrors = watchForErrors(desk);
    await openHydrated(desk, '/');
    await signInAsStaff(desk.request);
    await openHydrated(desk, '/admin/quotations');
    await expect(desk.getByRole('heading', { level: 1, name: 'Quotation desk' })).toBeVisible();
    const row = desk.getByRole('table').getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('¥4,800');
    await expect(row).toContainText('Black, please');
    await expect(row).toContainText(shopper.email);
    await expect(row.getByRole('cell').nth(3)).toHaveText('2');
    await expect(row).toContainText(/just now|minute/);
    const abroad = row.getByRole('link', { name: 'Open on 127.0.0.1 (opens in a new tab)' });
    await expect(abroad).toHaveAttribute('href', shop.url);
    await expect(abroad).toHaveAttribute('target', '_blank');
    await expect(abroad).toHaveAttribute('rel', 'noopener noreferrer');

    await row.getByRole('link', { name }).click();
    await expect(desk).toHaveURL(new RegExp(`/admin/quotations/${quotationId}$`));
    await expect(desk.getByRole('heading', { level: 1, name })).toBeVisible();
    const basePrice = desk.getByLabel(/^Seller's price for one/);
    await expect(basePrice).toHaveValue('4800');
    await expect(desk.getByLabel("Seller's currency")).toHaveValue('JPY');

    // The quote is previewed before it is sent, and follows what is typed: the seller's price, the
    // shipping to the warehouse and the weight, with the breakdown each region's shopper will read.
    const preview = desk.getByRole('table', { name: 'The quote per region, before sending' });
    const japan = preview.getByRole('row', { name: /^Japan/ });
    await expect(japan).toHaveText('Japan¥5,280¥10,560');
    await basePrice.fill('5000');
    await expect(japan).toHaveText('Japan¥5,500¥11,000');
    await desk.getByLabel(/^Shipping to our warehouse, for one/).fill('600');
    await desk.getByLabel(/^Estimated weight of one, in grams/).fill('2400');
    await expect(japan).toHaveText('Japan¥6,160¥12,320');
    const singapore = desk.getByRole('region', { name: 'How the price is made for a shopper in Singapore' });
    await expect(singapore).toContainText("Seller's price for one¥5,000 (about S$");
    await expect(singapore).toContainText('Shipping to our warehouse, for one¥600 (about S$');
    await expect(singapore).toContainText(/Exchange rate used¥100 = S\$\d+\.\d{4}/);
    await expect(singapore).toContainText('Our fee (10%)');
    await expect(singapore).toContainText('Estimated weight 2.4 kg each.');
    await expect(desk.getByTestId('quote-expiry')).toHaveText(
      /^The price and the exchange rate are locked until \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} Singapore time\.$/,
    );
    const shopperSees = (await singapore.locator('dl').innerText()).replace(/\s+/g, ' ');
    expect(await seriousAccessibilityViolations(desk)).toEqual([]);
    await desk.screenshot({ path: '/tmp/quotes-desk-1280.png', fullPage: true });

    await desk.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(desk)).toBeLessThanOrEqual(0);
    await desk.screenshot({ path: '/tmp/quotes-desk-390.png', fullPage: true });
    await desk.setViewportSize({ width: 1280, height: 800 });

    // Sent from the keyboard: the button is reached by Tab like any other.
    const send = desk.getByRole('button', { name: 'Send quote' });
    await send.focus();
    await desk.keyboard.press('Enter');
    const news = desk.getByText(`Quoted ${name}. The shopper is told.`);
    await expect(news).toBeFocused();
    await expect(desk).toHaveURL(/\/admin\/quotations$/);
    await expect(desk.getByRole('row').filter({ hasText: name })).toHaveCount(0);

    // The shopper's page, open all along, shows the quote by itself, made of the same parts the desk saw,
    // and until when it holds.
    await expect(page.getByTestId('quotation-status')).toHaveText('Your Quotation is here!', {
      timeout: 15_000,
    });
    await expect(page.getByTestId('quotation-expiry')).toHaveText(/^Valid until \d{2}\/\d{2}\/\d{4}$/);
    const made = page.getByRole('region', { name: 'How the price is made' });
    await expect(made).toBeVisible();
    expect((await made.locator('dl').innerText()).replace(/\s+/g, ' ')).toBe(shopperSees);
    await expect(page.getByTestId('quote-holds-until')).toHaveText(
      /^The price and the exchange rate are locked until \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} Singapore time\.$/,
    );
    const holdsUntil = await page.getByTestId('quote-holds-until').innerText();
    await expect(page.getByRole('button', { name: 'Check out now' })).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/quotes-quoted-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/quotes-quoted-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Looking back: the quoted request, with its answer, fits a phone's screen.
    await desk.getByRole('link', { name: 'Quoted' }).click();
    await expect(desk.getByRole('row').filter({ hasText: name })).toContainText("Seller's price ¥5,000");
    await desk.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(desk)).toBeLessThanOrEqual(0);

    // The shopper adds it to the cart, where it waits checked with its breakdown folded under it.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const quotedLine = page.getByRole('list', { name: 'Quotation items' }).getByRole('listitem', { name });
    await expect(quotedLine.getByRole('checkbox', { name: `Select ${name} for checkout` })).toBeChecked();
    // The line says until when its price holds, as the quotation page did, without unfolding anything.
    await expect(quotedLine.getByText(holdsUntil, { exact: true })).toBeVisible();
    await quotedLine.getByText('How this price is made').click();
    await expect(quotedLine.getByRole('region', { name: `How the price of ${name} is made` })).toContainText(
      'Price for 2',
    );
    await page.screenshot({ path: '/tmp/quotes-cart-1280.png', fullPage: true });

    // The shopper checks the quoted item out and pays by PayNow.
    await openHydrated(page, '/cart');
    await page.getByRole('checkbox', { name: 'Select all' }).uncheck();
    await page
      .getByRole('list', { name: 'Quotation items' })
      .getByRole('checkbox', { name: `Select ${name} for checkout` })
      .check();
    await page.getByRole('button', { name: 'Check out' }).click();
    await expect(page).toHaveURL(/\/checkout\?session=/, { timeout: 20_000 });
    const items = page.getByRole('list', { name: 'Items in this order' });
    await expect(items).toContainText(name);
    await expect(items.getByText(holdsUntil, { exact: true })).toBeVisible();
    await items.getByText('How this price is made').click();
    await expect(items.getByRole('region', { name: `How the price of ${name} is made` })).toContainText(
      'Shipping to our warehouse, for one',
    );
    await addFirstAddress(page);
    await expect(
      page.getByRole('group', { name: 'Payment method' }).getByRole('radio', { name: /PayNow/ }),
    ).toBeChecked();
    await page.screenshot({ path: '/tmp/quotes-checkout-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await items.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/quotes-checkout-390.png' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByTestId('cost-total')).toHaveText(/\d/);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/orders\/[^/?]+\?placed=1$/);
    const orderId = new URL(page.url()).pathname.split('/').at(-1) as string;
    const { order } = await (await page.request.get(`/api/order/${orderId}`)).json();
    expect(order.quotationItems.map((item: { id: string }) => item.id)).toEqual([quotationId]);

    // The transfer arrives; the operator confirms it on the order's page.
    await desk.setViewportSize({ width: 1280, height: 800 });
    await openHydrated(desk, `/admin/orders/${orderId}`);
    await desk.getByRole('button', { name: 'Confirm the transfer arrived' }).click();
    await desk.getByRole('button', { name: 'Yes, it has arrived' }).click();
    await expect(desk.getByTestId('order-status')).toHaveText('Paid');
    await operatorContext.close();
    expect(deskErrors).toEqual([]);
    const heading = page.getByRole('heading', { level: 1, name: `Order ${order.orderRef}` });
    await expect(heading.locator('..').getByText('Paid', { exact: true })).toBeVisible({ timeout: 15_000 });
    expect(errors).toEqual([]);
  });

  test('a declined quote says why and what the shopper can do next', async ({ page, browser }) => {
    test.slow();
    const errors = watchForErrors(page);
    await openHydrated(page, '/');
    await registerShopper(page.request, { verified: true });
    const name = `Blade from abroad ${Date.now()}`;
    await openHydrated(page, '/quotations/new');
    await page.getByLabel('Link to the item').fill(shop.url);
    await page.getByRole('button', { name: 'Look up the item' }).click();
    await expect(page.getByLabel(/^Item name/)).not.toHaveValue('', { timeout: 20_000 });
    await page.getByLabel(/^Item name/).fill(name);
    await page.getByRole('button', { name: 'Send the request' }).click();
    await expect(page).toHaveURL((url) => /^\/quotations\/(?!new$)[^/]+$/.test(url.pathname));
    const quotationId = new URL(page.url()).pathname.split('/').at(-1) as string;

    const operatorContext = await browser.newContext();
    const desk = await operatorContext.newPage();
    await openHydrated(desk, '/');
    await signInAsStaff(desk.request);
    await openHydrated(desk, `/admin/quotations/${quotationId}`);
    await desk.getByLabel(/^Reason for the shopper/).fill('The seller does not send knives abroad.');
    await desk.getByRole('button', { name: 'Decline' }).click();
    await desk.getByRole('button', { name: 'Yes, decline' }).click();
    await expect(desk.getByText(`Declined ${name}. The shopper is told.`)).toBeFocused();
    await operatorContext.close();

    await expect(page.getByTestId('quotation-status')).toHaveText('Quotation is unsuccessful.', {
      timeout: 15_000,
    });
    await expect(page.getByText('The seller does not send knives abroad.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check out now' })).toHaveCount(0);
    const nextSteps = page.getByRole('heading', { name: 'What you can do next' }).locator('..');
    await expect(nextSteps.getByRole('link', { name: 'Ask us about it' })).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(nextSteps.getByRole('link', { name: 'Paste a link to another item' })).toHaveAttribute(
      'href',
      '/quotations/new',
    );
    await expect(nextSteps.getByRole('link', { name: 'Browse our catalogue' })).toHaveAttribute(
      'href',
      '/search',
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/quotes-declined-390.png', fullPage: true });

    // The next step is a link away: pasting another link opens the request form.
    await nextSteps.getByRole('link', { name: 'Paste a link to another item' }).click();
    await expect(page).toHaveURL(/\/quotations\/new$/);
    expect(errors).toEqual([]);
  });
});
