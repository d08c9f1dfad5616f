import { expect, type Page, test } from '@playwright/test';
import { horizontalOverflow, openHydrated, watchForErrors } from './page-helpers';
import { operatorDesk, registerShopper, xsrfHeader } from './shoppers';

const PHONE = { width: 390, height: 844 };
const REQUOTE_QUESTION =
  /^Changing the quantity or the instructions asks the store for a new quote, so the current price \(S\$[\d,.]+ for 1\) will no longer hold and you can check this item out only once the store has quoted again\. Save the change\?$/;

/** A quoted item of the signed-in shopper of `page`: one steel watch strap, quoted by the desk. */
async function quotedStrap(page: Page, baseURL: string): Promise<string> {
  const asked = await page.request.post('/api/quotation/request', {
    headers: await xsrfHeader(page.request),
    data: {
      from: 'r',
      productUrl: 'https://watch-parts.example/strap',
      productName: 'Watch strap',
      productQuantity: 1,
      instructions: 'steel strap, size M',
      imageUrl: '',
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const { id } = (await asked.json()).quotationItem as { id: string };
  const desk = await operatorDesk(baseURL);
  await desk.resolve(id, { amountMinor: 29_000, currency: 'SGD' });
  await desk.dispose();
  return id;
}

test.describe('changing a quoted item', () => {
  test('the shopper is told a change asks for a new quote, confirms by keyboard, and the item is quoted again', async ({
    page,
    baseURL,
  }) => {
    // A shopper and the desk, twice, then the cart: more steps than a journey's usual time allows.
    test.slow();
    const errors = watchForErrors(page);
    await openHydrated(page, '/');
    await registerShopper(page.request, { verified: true });
    const id = await quotedStrap(page, baseURL as string);

    await openHydrated(page, `/quotations/${id}`);
    await expect(page.getByTestId('quotation-status')).toHaveText('Your Quotation is here!');
    await expect(
      page.getByText('The store quoted this request; changing it asks for a new quote.'),
    ).toBeVisible();

    // Enter in the quantity field asks first; nothing is saved, and the quote stays until confirmed.
    const quantity = page.getByLabel('Quantity');
    await quantity.fill('999');
    await quantity.press('Enter');
    const question = page.getByRole('alert');
    await expect(question).toHaveText(REQUOTE_QUESTION);
    const keep = page.getByRole('button', { name: 'Keep the current quote' });
    await expect(keep).toBeFocused();
    await page.setViewportSize(PHONE);
    await expect(question).toBeInViewport();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.keyboard.press('Enter');
    await expect(question).toHaveCount(0);
    await expect(quantity).toHaveValue('1');
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeFocused();
    await expect(page.getByTestId('quotation-status')).toHaveText('Your Quotation is here!');

    await page.getByLabel('Instructions for the store').fill('18k gold edition');
    await quantity.fill('999');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(question).toHaveText(REQUOTE_QUESTION);
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Save and ask for a new quote' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page.getByTestId('quotation-status')).toHaveText('Quoting your product...');
    await expect(
      page.getByText('Your changes are saved. The store will quote your new request.'),
    ).toBeVisible();
    await expect(page.getByTestId('quotation-price')).toHaveCount(0);
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // The desk has it to quote again, and until then it cannot be checked out.
    const desk = await operatorDesk(baseURL as string);
    expect(await desk.pendingIds()).toContain(id);
    await desk.dispose();
    await openHydrated(page, '/cart');
    await expect(page.getByRole('checkbox', { name: 'Select Watch strap for checkout' })).toBeDisabled();
    await expect(
      page.getByRole('list', { name: 'Quotation items' }).getByText('The store is still quoting this item'),
    ).toBeVisible();
    expect(errors).toEqual([]);
  });
});
