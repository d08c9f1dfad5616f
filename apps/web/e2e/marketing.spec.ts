import { expect, test } from '@playwright/test';
import { addFirstAddress, checkOut, simpleProduct } from './checkout-steps';
import { horizontalOverflow, openHydrated, watchForErrors } from './page-helpers';
import { registerShopper, signInAs, signInAsStaff } from './shoppers';

test.describe('marketing', () => {
  // Each journey crosses several pages and, for the voucher, a whole checkout in a second browser.
  test.describe.configure({ timeout: 120_000 });

  test('an operator creates a voucher, a shopper uses it at checkout, and the operator sees the redemption', async ({
    page,
    browser,
  }) => {
    const errors = watchForErrors(page);
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;

    await openHydrated(page, '/');
    await signInAsStaff(page.request);
    await openHydrated(page, '/admin');
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Marketing' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Marketing' })).toBeVisible();
    await page.getByRole('link', { name: /^Vouchers/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Vouchers' })).toBeVisible();
    await page.getByRole('link', { name: 'New voucher' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New voucher' })).toBeVisible();

    // The form holds a rule before anything is sent, then takes a fixed amount typed in lower case.
    await page.getByLabel(/^Code/).fill(code.toLowerCase());
    await page.getByRole('combobox', { name: /^Discount/ }).selectOption('fixed');
    await page.getByRole('button', { name: 'Create voucher' }).click();
    await expect(page.getByLabel(/^Amount off/)).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel(/^Amount off/).fill('2');
    await page.getByLabel(/^Uses per shopper/).fill('1');
    await page.getByLabel(/^Uses per shopper/).press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: code })).toBeVisible();
    await expect(page.getByText('No order has used this voucher yet.')).toBeVisible();

    // The shopper, in a browser of their own, uses the code at checkout.
    const shopperContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const shopperPage = await shopperContext.newPage();
    const shopperErrors = watchForErrors(shopperPage);
    const shopper = await registerShopper(shopperContext.request, { verified: true });
    await openHydrated(shopperPage, '/');
    await signInAs(shopperPage.request, shopper);
    await checkOut(shopperPage, await simpleProduct(shopperPage));
    await addFirstAddress(shopperPage);
    await shopperPage.getByLabel('Voucher code').fill(code.toLowerCase());
    await shopperPage.getByRole('button', { name: 'Apply' }).click();
    await expect(shopperPage.getByText(new RegExp(`Voucher ${code} is on this order`))).toBeVisible();
    const placed = shopperPage.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/checkout/create_order',
    );
    await shopperPage.getByRole('button', { name: 'Place order' }).click();
    expect((await placed).status()).toBe(201);
    await expect(shopperPage).toHaveURL(/\/orders\/[^/?]+\?placed=1$/);
    const orderId = new URL(shopperPage.url()).pathname.split('/').at(-1) as string;
    const { order } = await (await shopperPage.request.get(`/api/order/${orderId}`)).json();
    expect(order.voucherCode).toBe(code);
    expect(shopperErrors).toEqual([]);
    await shopperContext.close();

    // The operator sees the order that used it, its shopper and its discount.
    await page.reload();
    const redemptions = page.getByRole('table', { name: /^Redemptions 1 to 1 of 1/ });
    const row = redemptions.getByRole('row').filter({ hasText: order.orderRef });
    await expect(row).toContainText(shopper.email);
    await expect(row).toContainText(/−?\S*2\.00/);
    await expect(page.getByText(/· used once$/)).toBeVisible();

    // Disabling asks first and keeps focus on the harmless answer.
    await page.getByRole('button', { name: 'Disable voucher' }).click();
    await expect(page.getByRole('button', { name: 'Keep it on' })).toBeFocused();
    await page.getByRole('button', { name: 'Disable it' }).click();
    await expect(page.getByRole('status').filter({ hasText: `${code} is now disabled.` })).toBeVisible();
    await page.getByRole('link', { name: 'Back to vouchers' }).click();
    await page.getByLabel('Status').selectOption('disabled');
    await page.getByRole('button', { name: 'Find vouchers' }).click();
    await expect(page).toHaveURL(/status=disabled/);
    await expect(page.getByRole('table').getByRole('row').filter({ hasText: code })).toContainText(
      'Disabled',
    );

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });

  test('an operator edits a banner by keyboard and the home page shows it at once', async ({ page }) => {
    const errors = watchForErrors(page);
    const title = `Winter week ${Date.now().toString(36)}`;
    await openHydrated(page, '/');
    await signInAsStaff(page.request);
    await openHydrated(page, '/admin/marketing/banners');
    await expect(page.getByRole('heading', { level: 1, name: 'Banners' })).toBeVisible();

    const banners = page.getByRole('list', { name: "Banners in the home page's order" });
    const first = banners.getByRole('listitem').first();
    const previous = (await first.getByRole('heading', { level: 2 }).innerText()).trim();
    await first.getByRole('button', { name: `Edit ${previous}` }).click();
    const form = page.getByRole('form', { name: `Edit banner ${previous}` });
    await form.getByLabel(/^Link/).fill('javascript:alert(1)');
    await form.getByLabel(/^Title/).fill(title);
    await form.getByLabel(/^Title/).press('Enter');
    await expect(form.getByLabel(/^Link/)).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel(/^Link/).fill('/search?q=winter');
    await form.getByLabel(/^Link/).press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: `The banner “${title}” has been saved.` }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Banners' })).toBeFocused();

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await openHydrated(page, '/');
    const strip = page.getByRole('region', { name: 'Featured' });
    await expect(strip.getByRole('link', { name: new RegExp(title) })).toHaveAttribute(
      'href',
      '/search?q=winter',
    );
    expect(errors).toEqual([]);
  });

  test('an operator adds a home product group and the home page shows it', async ({ page }) => {
    const errors = watchForErrors(page);
    const title = `Picked for you ${Date.now().toString(36)}`;
    const search = await (await page.request.get('/api/product/search?inStock=true&limit=1')).json();
    const product = search.products[0] as { name: string; paramName: string };

    await openHydrated(page, '/');
    await signInAsStaff(page.request);
    await openHydrated(page, '/admin/marketing');
    await page.getByRole('link', { name: /^Home groups/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Home product groups' })).toBeVisible();
    await page.getByRole('button', { name: 'New group' }).click();

    const form = page.getByRole('form', { name: 'New home group' });
    await form.getByLabel(/^Title/).fill(title);
    await form.getByLabel(/^Position/).fill('0');
    // Enter in the search box searches; it does not send the group half-made.
    await form.getByLabel(/^Find products/).fill(product.name);
    await form.getByLabel(/^Find products/).press('Enter');
    await form
      .getByRole('button', { name: `Add ${product.name}`, exact: true })
      .first()
      .click();
    await expect(form.getByRole('list', { name: 'Chosen products' })).toContainText(product.name);
    await form.getByLabel(/^Title/).press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: `The group “${title}” has been added.` }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Home product groups' })).toBeFocused();

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await openHydrated(page, '/');
    const row = page.getByRole('region', { name: title });
    await expect(row.getByRole('link', { name: new RegExp(product.name) }).first()).toHaveAttribute(
      'href',
      new RegExp(`/product/${product.paramName}`),
    );
    expect(errors).toEqual([]);
  });
});
