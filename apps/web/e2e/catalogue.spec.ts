import { expect, type Page, test } from '@playwright/test';

/** Fails the test on any console error or uncaught page error, collected while it runs. */
function watchForErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  return errors;
}

/** Opens a page and waits until React has taken it over (the shell then asks for the current user). */
async function openHydrated(page: Page, path: string) {
  const currentUser = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/me');
  const response = await page.goto(path);
  await currentUser;
  return response;
}

type Variant = { name: string; options: string[] };
type ProductPage = {
  name: string;
  variants: Variant[];
  variantPaths: Record<string, { stock: number }>;
};

/**
 * The first product of a listing (as the page sorts it: newest first) with two variants and a
 * combination in stock, with that combination's option names. The demo store is generated from a seed,
 * so the test asks the API rather than naming a product.
 */
async function productWithTwoVariants(page: Page, query: string) {
  const search = await (await page.request.get(`/api/product/search?${query}`)).json();
  for (const summary of search.products as { uuid: string }[]) {
    const { product } = (await (await page.request.get(`/api/product/one/${summary.uuid}`)).json()) as {
      product: ProductPage;
    };
    if (product.variants.length !== 2) continue;
    const path = Object.keys(product.variantPaths).find((key) => (product.variantPaths[key]?.stock ?? 0) > 0);
    if (!path) continue;
    const [first, second] = path.split('/').map(Number) as [number, number];
    const [colour, size] = product.variants as [Variant, Variant];
    return {
      name: product.name,
      choices: [
        { group: colour.name, option: colour.options[first] as string },
        { group: size.name, option: size.options[second] as string },
      ],
    };
  }
  throw new Error(`no product with two variants in stock for ${query}`);
}

test.describe('catalogue', () => {
  test('browse home, a category, a filter, a product and pick its variant', async ({ page }) => {
    const errors = watchForErrors(page);
    await openHydrated(page, '/');

    const categories = page.getByRole('region', { name: 'Shop by category' });
    await categories.getByRole('link', { name: "Men's Clothing", exact: true }).click();
    await expect(page).toHaveURL(/\/category\/mens-clothing$/);
    await expect(page.getByRole('heading', { level: 1, name: "Men's Clothing" })).toBeVisible();
    await expect(page).toHaveTitle("Men's Clothing · Crossbuy");

    const subcategories = page.getByRole('navigation', { name: "In Men's Clothing" });
    await expect(subcategories.getByRole('link', { name: /^Shirts \d+ products$/ })).toBeVisible();

    // The facet says how many products the filter will leave.
    const inStock = page.getByRole('checkbox', { name: /In stock only/ });
    const facetCount = (await page.locator('label', { has: inStock }).textContent())?.match(/\d+/)?.[0];
    await inStock.check();
    await expect(page).toHaveURL(/\/category\/mens-clothing\?inStock=1$/);
    await expect(page.getByRole('list', { name: 'Filters in use' })).toContainText('In stock only');
    await expect(page.getByRole('heading', { level: 2, name: /products?$/ })).toHaveText(
      `${facetCount} products`,
    );

    // Back undoes the filter: it lives in the URL.
    await page.goBack();
    await expect(page).toHaveURL(/\/category\/mens-clothing$/);
    await expect(inStock).not.toBeChecked();
    await page.goForward();
    await expect(inStock).toBeChecked();

    const target = await productWithTwoVariants(
      page,
      'categoryId=mens-clothing&inStock=true&sort=newest&limit=24',
    );
    await page
      .getByRole('list', { name: "Men's Clothing" })
      .getByRole('link', { name: new RegExp(`^${target.name}`) })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();
    await expect(page).toHaveTitle(`${target.name} · Crossbuy`);

    const label = page.getByTestId('variant-label');
    const stock = page.getByTestId('stock-state');
    const [first, second] = target.choices as [(typeof target.choices)[0], (typeof target.choices)[0]];
    await expect(stock).toHaveText(/^Choose /);
    await page
      .getByRole('radiogroup', { name: first.group })
      .getByRole('radio', { name: first.option })
      .check();
    await expect(label).toHaveText('');
    await page
      .getByRole('radiogroup', { name: second.group })
      .getByRole('radio', { name: second.option })
      .check();
    await expect(label).toHaveText(`${first.group}: ${first.option}, ${second.group}: ${second.option}`);
    await expect(stock).toHaveText(/^In stock/);
    await expect(page.getByTestId('product-price')).toHaveText(/^S\$[\d,]+\.\d{2}$/);
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    expect(errors).toEqual([]);
  });

  test('a search with a typo finds the product', async ({ page }) => {
    const errors = watchForErrors(page);
    await openHydrated(page, '/');

    const search = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
    await search.fill('hedphones');
    await search.press('Enter');

    await expect(page).toHaveURL(/\/search\?q=hedphones$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “headphones”' })).toBeVisible();
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('link', { name: /Headphones/ }).first()).toBeVisible();

    // Facets narrow the results and say how many each choice holds.
    const merchant = page.getByRole('radio', { name: /Tokyo Audio Works/ });
    await merchant.check();
    await expect(page).toHaveURL(/merchant=/);
    await expect(page.getByRole('list', { name: 'Filters in use' })).toContainText(
      'Merchant: Tokyo Audio Works',
    );
    await page.getByRole('link', { name: 'Clear all filters' }).click();
    await expect(page).toHaveURL(/\/search\?q=hedphones$/);
    expect(errors).toEqual([]);
  });

  test('a chosen merchant leaves the others to switch to, and a price range reads in order', async ({
    page,
  }) => {
    const errors = watchForErrors(page);
    await openHydrated(page, '/search');
    const merchants = page.getByRole('group', { name: 'Merchant' }).getByRole('radio');
    const first = merchants.nth(1);
    const firstName = (await first.getAttribute('value')) ?? '';
    await first.check();
    await expect(page).toHaveURL(new RegExp(`merchant=${firstName}`));
    await expect(merchants.nth(1)).toBeChecked();
    expect(await merchants.count()).toBeGreaterThan(2);
    const second = merchants.nth(2);
    const secondName = (await second.getAttribute('value')) ?? '';
    await second.check();
    await expect(page).toHaveURL(new RegExp(`merchant=${secondName}`));

    await page.goto('/search?minPrice=300&maxPrice=100');
    await expect(page).toHaveURL(/\/search\?minPrice=100&maxPrice=300$/);
    await expect(page.getByRole('list', { name: 'Filters in use' })).toContainText('Price: 100 – 300');
    await expect(page.getByRole('textbox', { name: 'From', exact: true })).toHaveValue('100');
    expect(errors).toEqual([]);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('filters, sorting and pages are plain forms and links', async ({ page }) => {
      await page.goto('/category/audio');
      await page.getByRole('checkbox', { name: /In stock only/ }).check();
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await expect(page).toHaveURL(/\/category\/audio\?.*inStock=1/);
      await expect(page.getByRole('list', { name: 'Filters in use' })).toContainText('In stock only');

      await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_asc');
      await page.getByRole('button', { name: 'Sort', exact: true }).click();
      await expect(page).toHaveURL(/inStock=1.*sort=price_asc|sort=price_asc.*inStock=1/);
      await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');

      await page.goto('/search');
      await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
      await expect(page).toHaveURL(/\/search\?page=2$/);
      await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    });
  });

  test('a search that matches nothing says so and offers a way back', async ({ page }) => {
    await page.goto('/search?q=hedphones&inStock=1&minPrice=99999');
    await expect(page.getByText('No products match “hedphones” with these filters.')).toBeVisible();
    await page.getByRole('link', { name: 'Clear all filters' }).first().click();
    await expect(page).toHaveURL(/\/search\?q=hedphones$/);
  });

  test('the region chooser shows prices in yen without decimals, and is remembered', async ({ page }) => {
    const errors = watchForErrors(page);
    const { products } = await (await page.request.get('/api/product/search?q=headphones&limit=1')).json();
    const path = `/product/${products[0].paramName}`;
    await openHydrated(page, path);
    const price = page.getByTestId('product-price');
    await expect(price).toHaveText(/^(From )?S\$[\d,]+\.\d{2}$/);

    await page.getByRole('combobox', { name: 'Region and currency' }).selectOption('JP');
    await expect(price).toHaveText(/^(From )?¥[\d,]+$/);

    await page.reload();
    await expect(price).toHaveText(/^(From )?¥[\d,]+$/);
    await expect(page.getByRole('combobox', { name: 'Region and currency' })).toHaveValue('JP');
    expect(errors).toEqual([]);
  });

  test('server rendering gives each page its title, description and Open Graph tags', async ({ page }) => {
    const { products } = await (await page.request.get('/api/product/search?q=headphones&limit=1')).json();
    const response = await page.request.get(`/product/${products[0].paramName}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>${products[0].name} · Crossbuy</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toContain('<meta property="og:type" content="product"/>');
    expect(html).toMatch(/<meta property="og:image" content="[^"]+\.webp"/);
    expect(html).toContain(`<h1`);

    const missing = await page.goto('/product/no-such-product');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('a visitor adding to the wishlist is sent to sign in and remembered', async ({ page }) => {
    const { products } = await (await page.request.get('/api/product/search?q=headphones&limit=1')).json();
    const path = `/product/${products[0].paramName}`;
    await openHydrated(page, path);
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(page).toHaveURL(/\/sign_in$/);
    expect(await page.evaluate(() => sessionStorage.getItem('crossbuy:redirectAfterSignIn'))).toBe(path);
  });

  test('a phone gets folded filters and no sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const errors = watchForErrors(page);
    await openHydrated(page, '/category/audio');
    const filters = page.getByText('Filters', { exact: true }).first();
    await expect(page.getByRole('checkbox', { name: /In stock only/ })).toBeHidden();
    await filters.click();
    await expect(page.getByRole('checkbox', { name: /In stock only/ })).toBeVisible();
    for (const path of ['/category/audio', '/search?q=tent']) {
      await openHydrated(page, path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
    expect(errors).toEqual([]);
  });

  test('a signed-in shopper saves a product to the wishlist and finds it there', async ({ page }) => {
    const errors = watchForErrors(page);
    await openHydrated(page, '/');
    // An account made through the API as the registration page makes it; the browser is then signed in.
    const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const registered = await page.request.post('/api/auth/register', {
      headers: { 'x-xsrf-token': xsrf },
      data: {
        email: `wishlist-${Date.now()}@example.com`,
        password: 'Wishlist-pass-1',
        firstName: 'Mei',
        lastName: 'Tan',
        phoneNumber: '+6581234567',
        country: 'SG',
        birthDate: '1990-05-17',
        gender: 'female',
        acceptTerms: true,
      },
    });
    expect(registered.status()).toBe(201);

    const search = await (await page.request.get('/api/product/search?inStock=true&limit=1')).json();
    const product = search.products[0] as { uuid: string; name: string };
    await openHydrated(page, `/product/${product.uuid}`);
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    await page.getByRole('link', { name: 'In your wishlist' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Your wishlist' })).toBeVisible();
    const escapedName = product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(page.getByRole('link', { name: new RegExp(`^${escapedName}`) }).first()).toBeVisible();
    await page.getByRole('button', { name: `Remove ${product.name} from your wishlist` }).click();
    await expect(page.getByText('Your wishlist is empty')).toBeVisible();
    expect(errors).toEqual([]);
  });
});
