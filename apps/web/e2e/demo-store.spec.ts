import { expect, test } from '@playwright/test';
import { openHydrated, watchForErrors } from './page-helpers';

test.describe('the demo store', () => {
  test('the Japan Week banner opens a campaign whose pictures lead to its merchants and products', async ({
    page,
  }) => {
    const errors = watchForErrors(page);
    await openHydrated(page, '/');
    const featured = page.getByRole('region', { name: 'Featured' });
    await featured.getByRole('link', { name: /Japan Week/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Japan Week' })).toBeVisible();

    const pictures = page.getByRole('main').getByRole('listitem').getByRole('link');
    await expect(pictures).toHaveCount(6);
    for (const link of await pictures.all()) {
      await expect(link.getByRole('img')).toHaveAttribute('alt', /\w{4,}/);
      await expect(link).toHaveAttribute('href', /^\/(merchant|product)\//);
    }

    await pictures.filter({ has: page.getByRole('img', { name: /Tokyo Audio Works:/ }) }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tokyo Audio Works' })).toBeVisible();
    await page.goBack();

    const productLink = pictures.filter({ has: page.getByRole('img', { name: /, new from Osaka Toy Box/ }) });
    const productName = (await productLink.getByRole('img').getAttribute('alt'))?.split(', new from')[0];
    await productLink.click();
    await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a product shows a picture of its kind and a description of its own, promising nothing', async ({
    page,
  }) => {
    const { products } = await (await page.request.get('/api/product/search?q=sneakers&limit=1')).json();
    await openHydrated(page, `/product/${products[0].paramName}`);
    // The main picture, which listings show, is a WebP; the other views are drawings of the same kind.
    const main = await page.request.get(products[0].mainImage);
    expect(main.ok()).toBe(true);
    expect(main.headers()['content-type']).toBe('image/webp');
    await expect(page.getByRole('img', { name: /, picture 1 of 3$/ })).toHaveAttribute(
      'src',
      products[0].mainImage,
    );
    await page.getByRole('button', { name: 'Show picture 2 of 3' }).click();
    const second = await page.getByRole('img', { name: /, picture 2 of 3$/ }).getAttribute('src');
    const drawn = await page.request.get(second ?? '');
    expect(await drawn.text()).toContain('>SNEAKERS</text>');

    const about = page.getByRole('region', { name: 'About this product' });
    await expect(about).toContainText(/From .+ on .+\./);
    await expect(about).not.toContainText(/ship|deliver|free|checkout|buy/i);
  });
});
