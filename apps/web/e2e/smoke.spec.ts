import { expect, test } from '@playwright/test';
import { horizontalOverflow, openHydrated, watchForErrors } from './page-helpers';

test.describe('smoke', () => {
  test('the home page renders without errors', async ({ page }) => {
    const errors = watchForErrors(page);
    const response = await openHydrated(page, '/');
    expect(response?.status()).toBe(200);

    await expect(page).toHaveTitle(/Crossbuy/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Crossbuy' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByLabel('Link to an item on a marketplace abroad')).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect(errors).toEqual([]);
  });

  test('the header cart link opens the cart', async ({ page }) => {
    const errors = watchForErrors(page);
    await openHydrated(page, '/');

    await page.getByRole('banner').getByRole('link', { name: 'Cart' }).click();

    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await expect(page.getByTestId('cart-subtotal')).toHaveText(/S\$0\.00/);
    expect(errors).toEqual([]);
  });

  test('no address redirects off the store', async ({ request, baseURL }) => {
    const store = new URL(baseURL ?? '').origin;
    const ok = await request.get('/sg/categories/fashion', { maxRedirects: 0 });
    expect(ok.status()).toBe(301);
    expect(ok.headers().location).toBe('/sg/category/fashion');
    const paths = [
      '/%2Fevil.example/categories/fashion',
      '/%2Fevil.example/categories/x',
      '/%2F%2Fevil.example/categories/fashion',
      '/%5Cevil.example/categories/fashion',
      '/%2F%5Cevil.example/categories/fashion',
      '/categories/%2F%2Fevil.example',
      '/%2F/evil.example/categories/x',
      '//evil.example/',
      '//evil.example/categories/fashion',
      '/%5Cevil.example',
      '/%2F%2Fevil.example',
    ];
    // The browser's router asks for '<path>.data' and follows a redirect it finds in the answer's body.
    for (const path of [...paths, ...paths.map((page) => `${page.replace(/\/$/, '')}.data`)]) {
      // Joined by hand: resolved against the base URL, '//evil.example/' would be another host.
      const response = await request.get(`${store}${path}`, { maxRedirects: 0 });
      const location = response.headers().location;
      if (location !== undefined) expect(new URL(location, baseURL).origin, path).toBe(store);
      if (response.status() === 202) {
        // A data redirect is encoded as a flat list: [..., 'redirect', '<target>', ...].
        const encoded = JSON.parse((await response.text()).split('\n')[0] ?? '[]') as unknown[];
        const target = encoded[encoded.indexOf('redirect') + 1];
        expect(typeof target, path).toBe('string');
        expect(new URL(target as string, baseURL).origin, path).toBe(store);
      }
      expect(response.status(), path).toBeLessThan(500);
    }
  });

  test('a country segment routes like the plain path', async ({ page }) => {
    await page.goto('/sg/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    const missing = await page.goto('/zz/cart');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('checking the sign-in form breaks no Content-Security-Policy rule', async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (event) => seen.push(event.violatedDirective));
    });
    await openHydrated(page, '/sign_in');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('whatever-it-is');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(/valid email/i).first()).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
  });

  test('the sign-in form is reachable by keyboard', async ({ page }) => {
    const errors = watchForErrors(page);
    await openHydrated(page, '/');

    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skipLink).toBeFocused();
    await expect(skipLink).toBeVisible();

    const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign in' });
    for (let step = 0; step < 10; step += 1) {
      if (await signIn.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(signIn).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/sign_in$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    const email = page.getByLabel('Email');
    for (let step = 0; step < 20; step += 1) {
      if (await email.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(email).toBeFocused();
    await page.keyboard.type('not-an-email');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Remember me')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByLabel('Remember me')).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Invalid email')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the layout fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const errors = watchForErrors(page);
    await openHydrated(page, '/');

    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    const header = page.getByRole('banner');
    for (const control of [
      header.getByRole('link', { name: 'Crossbuy' }),
      header.getByRole('combobox', { name: 'Search products' }),
      header.getByRole('link', { name: 'Cart' }),
      header.getByRole('link', { name: 'Sign in' }),
      page.getByRole('heading', { level: 1 }),
    ]) {
      await expect(control).toBeInViewport();
    }
    const quote = page.getByRole('button', { name: 'Get a quotation' });
    await quote.scrollIntoViewIfNeeded();
    await expect(quote).toBeInViewport();
    const quoteBox = await quote.boundingBox();
    expect((quoteBox?.x ?? -1) >= 0 && (quoteBox?.x ?? 0) + (quoteBox?.width ?? 0) <= 390).toBe(true);
    const cart = await page.getByRole('banner').getByRole('link', { name: 'Cart' }).boundingBox();
    expect(cart?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(errors).toEqual([]);
  });
});
