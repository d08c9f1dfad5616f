import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { horizontalOverflow, openHydrated, watchForErrors } from './page-helpers';
import { registerShopper, signInAsStaff } from './shoppers';

type Price = { amountMinor: number; currency: string };
type ProductAnswer = { product: { uuid: string; paramName: string; price: Price } };

async function priceIn(request: APIRequestContext, productId: string, region: string): Promise<Price> {
  const answer = await request.get(`/api/product/one/${productId}?region=${region}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as ProductAnswer).product.price;
}

/** A product whose Korean price is converted from its Singapore price (no price of its own in won). */
async function convertedInKorea(
  request: APIRequestContext,
): Promise<{ id: string; paramName: string; sgdMinor: number }> {
  const search = await (await request.get('/api/product/search?limit=24')).json();
  for (const summary of search.products as { uuid: string; paramName: string }[]) {
    const singapore = await priceIn(request, summary.uuid, 'SG');
    const korea = await priceIn(request, summary.uuid, 'KR');
    // SGD has two decimals, KRW none: at the demo's 1024.5 won per dollar the won price is cents x 10.245.
    if (Math.abs(korea.amountMinor - (singapore.amountMinor * 1024.5) / 100) <= 0.5) {
      return { id: summary.uuid, paramName: summary.paramName, sgdMinor: singapore.amountMinor };
    }
  }
  throw new Error('no product priced by conversion in Korea');
}

/** A change as the signed-in browser makes it, with its anti-forgery header. */
async function send(page: Page, method: 'PUT' | 'PATCH', path: string, data: unknown) {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const answer = await page.request.fetch(path, { method, headers: { 'x-xsrf-token': xsrf }, data });
  expect(answer.ok(), await answer.text()).toBe(true);
}

test.describe('store settings', () => {
  test('an admin imports exchange rates from a CSV file, fixing the line it names, and lowers the address limit; prices and shoppers follow', async ({
    page,
    request,
  }) => {
    const errors = watchForErrors(page);
    const product = await convertedInKorea(request);
    await signInAsStaff(page.request);

    await openHydrated(page, '/admin/settings/rates');
    await expect(page.getByRole('heading', { level: 1, name: 'Store settings' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Exchange rates per one SGD' })).toContainText('1024.5');

    // A file with a wrong line changes nothing and names the line.
    await page.getByLabel('CSV file', { exact: true }).setInputFiles({
      name: 'rates.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('\uFEFFcurrency,rate\r\n"KRW","1000"\r\nXYZ,1.5\r\n'),
    });
    await expect(page.getByLabel('Or paste the rates')).toHaveValue(/KRW/);
    await page.getByRole('button', { name: 'Import rates' }).click();
    // Asked first, with focus on the harmless answer; the import is confirmed by keyboard.
    await expect(page.getByRole('button', { name: 'Go back' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Import the rates' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Nothing was imported' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Lines to fix' })).toHaveText(
      'Line 3: The currency XYZ is not one the store supports',
    );
    expect(await priceIn(request, product.id, 'KR')).not.toEqual({
      amountMinor: product.sgdMinor * 10,
      currency: 'KRW',
    });

    // The corrected file, pasted.
    await page.getByLabel('Or paste the rates').fill('currency,rate\nKRW,1000\n');
    await page.getByRole('button', { name: 'Import rates' }).click();
    await page.getByRole('button', { name: 'Import the rates' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Imported 1 rate' })).toHaveText(
      'Imported 1 rate per SGD: KRW 1024.5 → 1000.',
    );
    await expect(page.getByRole('table', { name: 'Exchange rates per one SGD' })).toContainText('1000');

    // Every settings page fits a phone: tables scroll inside their frames, never the page.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page
      .getByRole('navigation', { name: 'Store settings' })
      .getByRole('link', { name: 'Regions' })
      .click();
    await expect(page.getByRole('table', { name: 'Regions and their currencies' })).toContainText('1000');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page
      .getByRole('navigation', { name: 'Store settings' })
      .getByRole('link', { name: 'Shipping and tax' })
      .click();
    await expect(page.getByRole('table', { name: 'Tax rates per region' })).toContainText('GST');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The product's price in Korea follows the new rate on its next load.
    expect(await priceIn(request, product.id, 'KR')).toEqual({
      amountMinor: product.sgdMinor * 10,
      currency: 'KRW',
    });
    await openHydrated(page, `/product/${product.paramName}`);
    await page.getByRole('combobox', { name: 'Region and currency' }).selectOption('KR');
    await expect(page.getByTestId('product-price')).toHaveText(
      new RegExp(`${(product.sgdMinor * 10).toLocaleString('en-GB')}$`),
    );

    // General: the address limit, lowered to 2.
    await openHydrated(page, '/admin/settings');
    const limit = page.getByLabel('Addresses per shopper, at most');
    await expect(limit).toHaveValue('10');
    await limit.fill('2');
    await limit.press('Enter');
    await expect(page.getByText('The general settings are saved.')).toBeVisible();

    const shopperXsrf = async () =>
      (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    await registerShopper(request, { verified: true });
    const address = {
      fullName: 'Mei Tan',
      phoneNumber: '+6581234567',
      address: '1 Orchard Road',
      postalCode: '238801',
      country: 'SG',
    };
    const answers: { status: number; code?: string }[] = [];
    for (let index = 0; index < 3; index += 1) {
      const answer = await request.post('/api/address', {
        headers: { 'x-xsrf-token': await shopperXsrf() },
        data: address,
      });
      answers.push({ status: answer.status(), code: (await answer.json()).error?.code });
    }
    expect(answers).toEqual([
      { status: 201, code: undefined },
      { status: 201, code: undefined },
      { status: 400, code: 'user/max_addresses_reached' },
    ]);

    // The journeys after this one use the demo store as it was.
    await send(page, 'PATCH', '/api/admin/settings/general', { maxAddressesPerUser: 10 });
    await send(page, 'PUT', '/api/admin/settings/exchange_rates/KRW', { rate: '1024.5' });
    // The refused file's 400 is the one failed call the browser logs.
    expect(errors).toEqual([
      'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
  });
});
