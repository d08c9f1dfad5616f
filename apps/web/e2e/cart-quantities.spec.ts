import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addFirstAddress, type ProductAnswer } from './checkout-steps';
import { horizontalOverflow, openHydrated, watchForErrors } from './page-helpers';
import { registerShopper, signInAs } from './shoppers';

// Screens of the cart, the product page and the PayNow panel, kept for people to look at.
const SHOTS = process.env.CART_SHOTS_DIR ?? '/tmp/shots-cart';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let sharedShopper: Promise<{ email: string; password: string }> | undefined;
function shopper(request: APIRequestContext) {
  sharedShopper ??= registerShopper(request, { verified: true });
  return sharedShopper;
}

/**
 * Products without options whose stock is below the most one cart line holds (99), so asking for more
 * than is left can be tried. The demo store is generated from a seed, so the journey asks the API.
 */
async function productsWithFewLeft(page: Page, count: number): Promise<ProductAnswer[]> {
  const search = await (await page.request.get('/api/product/search?inStock=true&limit=48')).json();
  const found: ProductAnswer[] = [];
  for (const summary of search.products as { uuid: string }[]) {
    const { product } = (await (await page.request.get(`/api/product/one/${summary.uuid}`)).json()) as {
      product: ProductAnswer;
    };
    if (product.variants.length > 0 || product.stock < 3 || product.stock > 90) continue;
    found.push(product);
    if (found.length === count) return found;
  }
  throw new Error('not enough products without options and with a few in stock');
}

async function shoot(page: Page, name: string, fullPage = true) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

test.describe('cart quantities, Buy now and PayNow on a phone', () => {
  test('a shopper adds an item already chosen for checkout, quantities are fitted on their field, Buy now checks out that item, and PayNow can be paid from the phone', async ({
    page,
    request,
    context,
  }) => {
    test.slow();
    const errors = watchForErrors(page);
    await page.setViewportSize(DESKTOP);
    await openHydrated(page, '/');
    await signInAs(page.request, await shopper(request));
    const [added, bought] = (await productsWithFewLeft(page, 2)) as [ProductAnswer, ProductAnswer];

    // On the product page, 0 and more than is left are fitted on the field, with the reason read with it.
    await openHydrated(page, `/product/${added.paramName}`);
    const quantity = page.getByLabel('Quantity', { exact: true });
    await quantity.fill('0');
    await quantity.press('Tab');
    await expect(quantity).toHaveValue('1');
    await expect(quantity).toHaveAccessibleDescription(/1 is the fewest you can buy\./);
    await quantity.fill(String(added.stock + 2));
    await quantity.press('Enter');
    await expect(quantity).toHaveValue(String(added.stock));
    await expect(quantity).toHaveAccessibleDescription(
      new RegExp(`Only ${added.stock} left, so the quantity is ${added.stock}\\.`),
    );
    await expect(page.getByRole('alert')).toHaveCount(0);
    await shoot(page, 'product-desktop');
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'product-phone');
    await page.setViewportSize(DESKTOP);

    // Add to cart from the keyboard: the focus stays on the button and the addition is announced.
    await quantity.fill('1');
    await quantity.press('Enter');
    const addButton = page.getByRole('button', { name: 'Add to cart' });
    await addButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Added 1 to your cart.')).toBeVisible();
    await expect(addButton).toBeFocused();

    // In the cart the new line is chosen for checkout, and checking out is possible at once.
    await page.getByRole('banner').getByRole('link', { name: /^Cart/ }).click();
    const line = page.getByRole('listitem', { name: added.name });
    await expect(line.getByRole('checkbox', { name: `Select ${added.name} for checkout` })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Check out' })).toBeEnabled();
    await expect(page.getByTestId('cart-subtotal')).not.toHaveText(/^S\$0\.00$/);
    const box = await line.locator('label').first().boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);

    const lineQuantity = line.getByLabel(`Quantity of ${added.name}`);
    await lineQuantity.fill('0');
    await lineQuantity.press('Enter');
    await expect(lineQuantity).toHaveValue('1');
    await expect(lineQuantity).toHaveAccessibleDescription(
      '1 is the fewest: to take it out of your cart, use Remove.',
    );
    await lineQuantity.fill('999');
    await lineQuantity.press('Enter');
    await expect(lineQuantity).toHaveValue(String(added.stock));
    await expect(lineQuantity).toHaveAccessibleDescription(
      `Only ${added.stock} left, so the quantity is ${added.stock}.`,
    );
    await expect(line.getByTestId('line-total')).not.toHaveText(/^S\$0\.00$/);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await shoot(page, 'cart-desktop');
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'cart-phone');

    // Buy now on a phone: straight to checkout with that item alone, then PayNow.
    await openHydrated(page, `/product/${bought.paramName}`);
    await page.getByRole('button', { name: 'Buy now' }).click();
    await expect(page).toHaveURL(/\/checkout\?session=/);
    const ordered = page.getByRole('list', { name: 'Items in this order' });
    await expect(ordered.getByRole('listitem')).toHaveCount(1);
    await expect(ordered).toContainText(bought.name);
    await addFirstAddress(page);
    await expect(
      page.getByRole('group', { name: 'Payment method' }).getByRole('radio', { name: /PayNow/ }),
    ).toBeChecked();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/orders\/[^/?]+\?placed=1$/);

    const qr = page.getByRole('img', { name: /^PayNow QR code/ });
    await expect(qr).toBeVisible();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    for (const [button, what] of [
      ['Copy UEN', 'UEN'],
      ['Copy amount', 'amount'],
      ['Copy reference', 'reference'],
    ] as const) {
      const copy = page.getByRole('button', { name: button });
      await copy.scrollIntoViewIfNeeded();
      await expect(copy).toBeInViewport();
      const copyBox = await copy.boundingBox();
      expect(copyBox?.height ?? 0).toBeGreaterThanOrEqual(44);
      await copy.click();
      await expect(page.getByRole('status').filter({ hasText: `Copied the ${what}.` })).toBeVisible();
    }
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await page.getByTestId('paynow-reference').innerText(),
    );
    const saveQr = page.getByRole('link', { name: 'Save QR image' });
    const download = page.waitForEvent('download');
    await saveQr.click();
    expect((await download).suggestedFilename()).toMatch(/^PayNow-CB-[A-Z0-9]+\.png$/);
    await expect(page.getByRole('heading', { name: 'Paying on this phone?' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    // The panel as the shopper sees it on screen, its heading at the top.
    const payment = page.getByRole('heading', { level: 2, name: 'Payment' });
    await payment.evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
    await shoot(page, 'paynow-phone', false);
    await page.setViewportSize(DESKTOP);
    await payment.evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
    await shoot(page, 'paynow-desktop', false);
    expect(errors).toEqual([]);
  });
});
