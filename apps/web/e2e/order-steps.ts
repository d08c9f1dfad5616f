import { expect, type Page } from '@playwright/test';

// Steps the order journeys take through the API, as the store's pages make them.

/** A call the page's browser makes, with its anti-forgery header; fails the test unless it succeeds. */
async function send<T>(page: Page, path: string, data: unknown): Promise<T> {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const answer = await page.request.post(path, { headers: { 'x-xsrf-token': xsrf }, data });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as T;
}

type ProductAnswer = { uuid: string; stock: number; variantPaths: Record<string, { stock: number }> };

/**
 * A catalogue line with at least `quantity` in stock: the demo store is generated from a seed, so the
 * journey asks the API.
 */
async function stockedItem(
  page: Page,
  quantity: number,
): Promise<{ productId: string; variantPath: string }> {
  const search = await (await page.request.get('/api/product/search?inStock=true&limit=48')).json();
  for (const summary of search.products as { uuid: string }[]) {
    const { product } = (await (await page.request.get(`/api/product/one/${summary.uuid}`)).json()) as {
      product: ProductAnswer;
    };
    const paths = Object.keys(product.variantPaths);
    if (paths.length === 0 && product.stock >= quantity) return { productId: product.uuid, variantPath: '' };
    const stocked = paths.find((path) => (product.variantPaths[path]?.stock ?? 0) >= quantity);
    if (stocked !== undefined) return { productId: product.uuid, variantPath: stocked };
  }
  throw new Error('no product in stock');
}

/**
 * Places an order of one line through the API as the checkout page does, and answers its id and reference.
 * `quantity` is how many of the line's item, `message` the shopper's message on it, `notes` the order's notes.
 */
export async function placeOrder(
  page: Page,
  { quantity = 1, message = '', notes = '' }: { quantity?: number; message?: string; notes?: string } = {},
): Promise<{ id: string; orderRef: string }> {
  const { cartItem } = await send<{ cartItem: { id: string } }>(page, '/api/cart', {
    ...(await stockedItem(page, quantity)),
    quantity,
    message,
  });
  const { address } = await send<{ address: { id: string } }>(page, '/api/address', {
    fullName: 'Mei Tan',
    phoneNumber: '+6581234567',
    address: '1 Orchard Road',
    unitNumber: '#05-01',
    postalCode: '238801',
    main: false,
    country: 'SG',
  });
  const session = await send<{ key: string }>(page, '/api/checkout/session', {
    cartItemIds: [cartItem.id],
    quotationItemIds: [],
  });
  const estimate = await (
    await page.request.get(
      `/api/checkout/estimate_costs?checkoutSessionKey=${encodeURIComponent(session.key)}&shippingAddressId=${address.id}`,
    )
  ).json();
  const paymentMethod = (estimate.paymentMethods as { method: string }[])[0]?.method;
  const { order } = await send<{ order: { id: string; orderRef: string } }>(
    page,
    '/api/checkout/create_order',
    {
      checkoutSessionKey: session.key,
      paymentMethod,
      shippingAddressId: address.id,
      notes,
    },
  );
  return order;
}
