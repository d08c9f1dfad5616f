import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { LOCAL_ITEM, startLocalShop } from './local-shop';
import { horizontalOverflow, openHydrated, watchForErrors } from './page-helpers';
import { operatorDesk, registerShopper, signInAs } from './shoppers';

// Registration is rate-limited per address, so the journeys of a worker share one verified account.
let sharedShopper: Promise<{ email: string; password: string }> | undefined;
function shopper(request: APIRequestContext) {
  sharedShopper ??= registerShopper(request, { verified: true });
  return sharedShopper;
}

type Variant = { name: string; options: string[] };
type ProductAnswer = {
  uuid: string;
  name: string;
  paramName: string;
  variants: Variant[];
  variantPaths: Record<string, { stock: number }>;
};

/** The options to click for a variant path, and the label the cart shows for it. */
function choiceOf(product: ProductAnswer, path: string) {
  const choices = path.split('/').map((index, position) => {
    const variant = product.variants[position] as Variant;
    return { group: variant.name, option: variant.options[Number(index)] as string };
  });
  return { choices, label: choices.map(({ group, option }) => `${group}: ${option}`).join(', ') };
}

/**
 * A product with variants and two combinations with at least three in stock. The demo store is
 * generated from a seed, so the journey asks the API rather than naming a product.
 */
async function productWithTwoStockedVariants(page: Page) {
  const search = await (await page.request.get('/api/product/search?inStock=true&limit=48')).json();
  for (const summary of search.products as { uuid: string }[]) {
    const { product } = (await (await page.request.get(`/api/product/one/${summary.uuid}`)).json()) as {
      product: ProductAnswer;
    };
    if (product.variants.length === 0) continue;
    const stocked = Object.keys(product.variantPaths).filter(
      (path) => (product.variantPaths[path]?.stock ?? 0) >= 3,
    );
    if (stocked.length < 2) continue;
    return {
      product,
      first: choiceOf(product, stocked[0] as string),
      second: choiceOf(product, stocked[1] as string),
    };
  }
  throw new Error('no product with two variants in stock');
}

async function choose(page: Page, choices: { group: string; option: string }[]) {
  for (const { group, option } of choices) {
    await page
      .getByRole('radiogroup', { name: group })
      .getByRole('radio', { name: new RegExp(`^${option}`) })
      .check();
  }
}

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });
const line = (page: Page, label: string) => page.getByRole('listitem').filter({ hasText: label });

test.describe('cart and quotations', () => {
  test('add two variants, change a quantity, buy now and move a line to quotation', async ({
    page,
    request,
  }) => {
    const errors = watchForErrors(page);
    await openHydrated(page, '/');
    await signInAs(page.request, await shopper(request));
    const { product, first, second } = await productWithTwoStockedVariants(page);

    await openHydrated(page, `/product/${product.paramName}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Please choose one option of each kind for this product',
    );
    await choose(page, first.choices);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Added 1 to your cart.')).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName(/1 item$/);
    await choose(page, second.choices);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(cartLink(page)).toHaveAccessibleName(/2 items$/);

    await cartLink(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Cart items' }).getByRole('listitem')).toHaveCount(2);
    const firstLine = line(page, first.label);
    await firstLine.getByRole('button', { name: `One more ${product.name}` }).click();
    await expect(firstLine.getByLabel(`Quantity of ${product.name}`)).toHaveValue('2');
    await expect(cartLink(page)).toHaveAccessibleName(/3 items$/);

    // Buy now adds one more of the second choice and opens checkout for that line alone.
    await page.getByRole('link', { name: product.name }).first().click();
    await choose(page, second.choices);
    await page.getByRole('button', { name: 'Buy now' }).click();
    await expect(page).toHaveURL(/\/checkout\?session=/);
    const ordered = page.getByRole('list', { name: 'Items in this order' });
    await expect(ordered.getByRole('listitem')).toHaveCount(1);
    await expect(ordered).toContainText(second.label);
    await expect(ordered).toContainText('2 ×');

    // Back in the cart every line is still chosen, the one just bought among them.
    await cartLink(page).click();
    const bought = line(page, second.label);
    await expect(bought.getByRole('checkbox')).toBeChecked();
    await expect(line(page, first.label).getByRole('checkbox')).toBeChecked();
    await expect(bought.getByLabel(`Quantity of ${product.name}`)).toHaveValue('2');

    await line(page, first.label).getByRole('button', { name: 'Move to quotation' }).click();
    await expect(page.getByText(`Moved ${product.name} to your quotations.`)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Cart items' }).getByRole('listitem')).toHaveCount(1);
    await page.getByRole('link', { name: 'See the request' }).click();
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByTestId('quotation-status')).toHaveText('Quoting your product...');
    expect(errors).toEqual([]);
  });

  for (const [index, viewport] of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ].entries()) {
    test(`a visitor's Add to wishlist is finished after sign-in (${viewport.name})`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport);
      const errors = watchForErrors(page);
      const { email, password } = await shopper(request);
      const { products } = await (await page.request.get('/api/product/search?inStock=true&limit=2')).json();
      const product = products[index] as { uuid: string; paramName: string };

      await openHydrated(page, `/product/${product.paramName}`);
      await page.getByRole('button', { name: 'Add to wishlist' }).click();
      await expect(page).toHaveURL(/\/sign_in$/);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();

      await expect(page).toHaveURL(new RegExp(`/product/${product.paramName}$`));
      await expect(page.getByRole('link', { name: 'In your wishlist' })).toBeVisible();
      const savedIds = async () =>
        ((await (await page.request.get('/api/wishlist')).json()).wishlistItems as { productId: string }[])
          .map((item) => item.productId)
          .filter((id) => id === product.uuid);
      expect(await savedIds()).toEqual([product.uuid]);
      expect(await page.evaluate(() => sessionStorage.getItem('crossbuy:pendingAction'))).toBeNull();

      // Once finished, coming back to the page does not save it again.
      await page.reload();
      await expect(page.getByRole('link', { name: 'In your wishlist' })).toBeVisible();
      expect(await savedIds()).toEqual([product.uuid]);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    });
  }

  test.describe('a link to a shop abroad', () => {
    let shop: Awaited<ReturnType<typeof startLocalShop>>;
    test.beforeAll(async () => {
      shop = await startLocalShop();
    });
    test.afterAll(async () => {
      await shop.close();
    });

    test('fills the name and picture from the page', async ({ page, request }) => {
      const errors = watchForErrors(page);
      await openHydrated(page, '/');
      await signInAs(page.request, await shopper(request));
      await openHydrated(page, '/quotations/new');
      await page.getByLabel('Link to the item').fill(shop.url);
      await page.getByRole('button', { name: 'Look up the item' }).click();
      await expect(page.getByLabel(/^Item name/)).toHaveValue(LOCAL_ITEM.name, { timeout: 20_000 });
      await expect(page.getByLabel('Picture (a link to an image)')).toHaveValue(
        new RegExp(`${LOCAL_ITEM.image}$`),
      );
      expect(errors).toEqual([]);
    });

    test('shows the picture from the store itself, copied from the shop when the page was read', async ({
      page,
      request,
      baseURL,
    }) => {
      const errors = watchForErrors(page);
      await openHydrated(page, '/');
      await signInAs(page.request, await shopper(request));
      await openHydrated(page, `/quotations/new?link=${encodeURIComponent(shop.url)}`);
      // The shop's picture is on http:, which the store's pages refuse; the form previews the store's copy.
      const preview = page.getByRole('img', { name: `Picture of ${LOCAL_ITEM.name}` });
      await expect(preview).toHaveAttribute('src', /^\/images\/external\/[0-9a-f-]+\.webp$/, {
        timeout: 20_000,
      });
      await page.getByRole('button', { name: 'Send the request' }).click();
      await expect(page).toHaveURL((url) => /^\/quotations\/(?!new$)[^/]+$/.test(url.pathname));

      const picture = page.getByRole('article').locator('img').first();
      await expect(picture).toHaveAttribute('src', /^\/images\/external\/[0-9a-f-]+\.webp$/);
      // Loaded, from the store's own origin: not the placeholder, not the shop.
      await expect
        .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
        .toBeGreaterThan(0);
      const loadedFrom = await picture.evaluate((image: HTMLImageElement) => image.currentSrc);
      expect(new URL(loadedFrom).origin).toBe(new URL(baseURL as string).origin);
      await page.screenshot({ path: '/tmp/quote-picture-1280.png' });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: '/tmp/quote-picture-390.png', fullPage: true });
      expect(errors).toEqual([]);
    });

    test('is quoted by the store and shown with its price and expiry without reloading', async ({
      page,
      request,
      baseURL,
    }) => {
      await openHydrated(page, '/');
      await signInAs(page.request, await shopper(request));
      await openHydrated(page, `/quotations/new?link=${encodeURIComponent(shop.url)}`);
      await expect(page.getByLabel('Link to the item')).toHaveValue(shop.url);
      await page.getByLabel(/^Item name/).fill('Kettle from the local shop');
      await page.getByLabel(/^Quantity/).fill('2');
      await page.getByLabel('Instructions for the store').fill('Black, please');
      await page.getByRole('button', { name: 'Send the request' }).click();

      await expect(page).toHaveURL((url) => /^\/quotations\/(?!new$)[^/]+$/.test(url.pathname));
      const id = new URL(page.url()).pathname.split('/').at(-1) as string;
      await expect(page.getByTestId('quotation-status')).toHaveText('Quoting your product...');

      const desk = await operatorDesk(baseURL as string);
      expect(await desk.pendingIds()).toContain(id);
      await desk.resolve(id, { amountMinor: 2000, currency: 'SGD' });
      await desk.dispose();

      // No reload: the page asks by itself while the quote is pending.
      await expect(page.getByTestId('quotation-status')).toHaveText('Your Quotation is here!', {
        timeout: 15_000,
      });
      await expect(page.getByTestId('quotation-price')).toHaveText(/\d/);
      await expect(page.getByTestId('quotation-expiry')).toHaveText(/^Valid until \d{2}\/\d{2}\/\d{4}$/);

      await page.getByRole('link', { name: 'Your quotations' }).click();
      const listed = page.getByRole('listitem', { name: 'Kettle from the local shop' });
      await expect(listed.getByText('Your Quotation is here!')).toBeVisible();
      await expect(listed.getByText('Quoted item', { exact: true })).toBeVisible();
    });
  });
});
