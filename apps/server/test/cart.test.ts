import { CART_MAX_ITEMS, CART_MAX_QUANTITY, CART_MESSAGE_MAX_LENGTH } from '@crossbuy/core/cart';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema.js';
import { cartItems } from '../src/features/cart/cart.table.js';
import { addProduct, type CatalogueFixture, seedCatalogue } from './helpers/catalogue-fixtures.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp, withXsrf } from './helpers/test-app.js';

type Session = { cookie: string; header: Record<string, string> };
const UNKNOWN_ID = '6f1c1a52-0000-4000-8000-000000000000';

describe('cart calls', () => {
  let harness: TestApp;
  let fixture: CatalogueFixture;
  const ids: Record<string, string> = {};

  const as = (session: Session) => {
    const { get, send } = apiAs(harness.app, session);
    return {
      cart: (query = '') => get(`/api/cart${query}`),
      flags: (productId: string) => get(`/api/product/${productId}/flags`),
      add: (body: unknown, query = '') => send('POST', `/api/cart${query}`, body),
      update: (id: string, body: unknown) => send('PUT', `/api/cart/${id}`, body),
      remove: (id: string) => send('DELETE', `/api/cart/${id}`),
    };
  };
  const newShopper = async () => as(await signInAs(harness.app, await createUser(harness.app)));

  beforeAll(async () => {
    harness = await createTestApp();
    fixture = await seedCatalogue(harness.app.db);
    const { audio, basics } = fixture.merchants;
    ids.earbuds = (
      await addProduct(fixture, {
        name: 'Budget Earbuds',
        categoryId: 'headphones',
        merchant: audio,
        priceMinor: 1990,
        stock: 3,
      })
    ).id;
    ids.retired = (
      await addProduct(fixture, {
        name: 'Retired Headphones',
        categoryId: 'headphones',
        merchant: audio,
        priceMinor: 4990,
        stock: 5,
        disabled: true,
      })
    ).id;
    ids.sneakers = (
      await addProduct(fixture, {
        name: 'Canvas Sneakers',
        categoryId: 'sneakers',
        merchant: basics,
        priceMinor: 5900,
        variants: [
          { name: 'Colour', options: ['White', 'Black'] },
          { name: 'Size', options: ['40', '41', '42'] },
        ],
        variantPaths: { '1/2': { priceMinor: 6400, stock: 1 } },
      })
    ).id;
  });
  afterAll(() => harness.close());

  it('needs a signed-in shopper for every call', async () => {
    const visitor = as(await withXsrf(harness.app));
    for (const response of [
      await visitor.cart(),
      await visitor.add({ productId: ids.earbuds }),
      await visitor.update(UNKNOWN_ID, { quantity: 2 }),
      await visitor.remove(UNKNOWN_ID),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('auth/invalid_access_token');
    }
    expect((await visitor.flags(ids.earbuds as string)).json()).toEqual({ inWishlist: false, inCart: false });
  });

  it('refuses changes without the anti-forgery header', async () => {
    const session = await signInAs(harness.app, await createUser(harness.app));
    const bare = as({ cookie: session.cookie, header: {} });
    for (const response of [
      await bare.add({ productId: ids.earbuds }),
      await bare.update(UNKNOWN_ID, { quantity: 2 }),
      await bare.remove(UNKNOWN_ID),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('auth/invalid_state');
    }
    expect((await as(session).cart()).json().cartItems).toEqual([]);
  });

  it('adds a line, and adding the same product and variant again raises its quantity', async () => {
    const shopper = await newShopper();
    const first = await shopper.add({
      productId: ids.sneakers,
      variantPath: '1/2',
      quantity: 1,
      message: 'Gift',
    });
    expect(first.statusCode).toBe(201);
    const { cartItem, product } = first.json();
    expect(cartItem).toMatchObject({
      productId: ids.sneakers,
      variantPath: '1/2',
      quantity: 1,
      message: 'Gift',
      variantLabel: 'Colour: Black, Size: 42',
      unitPrice: { amountMinor: 6400, currency: 'SGD' },
      inStock: true,
      stockAvailable: 1,
      available: true,
    });
    expect(product.uuid).toBe(ids.sneakers);

    const again = await shopper.add({ productId: ids.sneakers, variantPath: '1/2', quantity: 2 });
    expect(again.statusCode).toBe(200);
    // Raised past the one in stock: kept, and reported per line rather than refused.
    expect(again.json().cartItem).toMatchObject({
      id: cartItem.id,
      quantity: 3,
      message: 'Gift',
      inStock: false,
    });

    const other = await shopper.add({ productId: ids.sneakers, variantPath: '0/0', quantity: 1 });
    expect(other.statusCode).toBe(201);
    const cart = (await shopper.cart()).json();
    expect(cart.cartItems.map((line: { variantPath: string }) => line.variantPath)).toEqual(['1/2', '0/0']);
    expect(cart.products.map((p: { uuid: string }) => p.uuid)).toEqual([ids.sneakers]);
    expect((await shopper.flags(ids.sneakers as string)).json()).toEqual({ inWishlist: false, inCart: true });
    expect((await shopper.flags(ids.earbuds as string)).json()).toEqual({ inWishlist: false, inCart: false });
  });

  it('prices lines in the requested region', async () => {
    const shopper = await newShopper();
    await shopper.add({ productId: ids.earbuds, quantity: 1 });
    const line = (await shopper.cart('?region=JP')).json().cartItems[0];
    // 19.90 SGD at 112.35 JPY per SGD = 2235.765, rounded half-even to whole yen.
    expect(line.unitPrice).toEqual({ amountMinor: 2236, currency: 'JPY' });
    expect((await shopper.cart('?region=GB')).json().error.code).toBe('region/not_enabled');
  });

  it('reads stock and prices from the tables, not from the product page cache', async () => {
    const { id } = await addProduct(fixture, {
      name: 'Studio Monitor',
      categoryId: 'speakers',
      merchant: fixture.merchants.audio,
      priceMinor: 10000,
      stock: 4,
    });
    const shopper = await newShopper();
    expect((await harness.app.inject({ method: 'GET', url: `/api/product/one/${id}` })).statusCode).toBe(200);
    await harness.app.db.update(products).set({ priceMinor: 12000, stock: 1 }).where(eq(products.id, id));
    const added = (await shopper.add({ productId: id, quantity: 2 })).json().cartItem;
    expect(added).toMatchObject({ unitPrice: { amountMinor: 12000 }, inStock: false, stockAvailable: 1 });
  });

  it('refuses what cannot be added, with the catalogue code', async () => {
    const shopper = await newShopper();
    const cases: [unknown, number, string, string?][] = [
      [{ productId: UNKNOWN_ID }, 404, 'product/not_found'],
      [{ productId: 'not-a-product' }, 404, 'product/not_found'],
      [{ productId: ids.retired }, 400, 'cart/product_unavailable'],
      [{ productId: ids.sneakers }, 400, 'cart/invalid_variant_path'],
      [{ productId: ids.sneakers, variantPath: '1' }, 400, 'cart/invalid_variant_path'],
      [{ productId: ids.sneakers, variantPath: '1/3' }, 400, 'cart/invalid_variant_path'],
      [{ productId: ids.sneakers, variantPath: '2/0' }, 400, 'cart/invalid_variant_path'],
      [{ productId: ids.sneakers, variantPath: '01/0' }, 400, 'cart/invalid_variant_path'],
      [{ productId: ids.earbuds, variantPath: '0' }, 400, 'cart/invalid_variant_path'],
      [
        { productId: ids.earbuds, quantity: 0 },
        400,
        'cart/invalid_quantity',
        `from 1 to ${CART_MAX_QUANTITY}`,
      ],
      [{ productId: ids.earbuds, quantity: CART_MAX_QUANTITY + 1 }, 400, 'cart/invalid_quantity'],
      [{ productId: ids.earbuds, quantity: 1.5 }, 400, 'cart/invalid_quantity'],
      [{ productId: ids.earbuds, quantity: '2' }, 400, 'cart/invalid_quantity'],
      [
        { productId: ids.earbuds, message: 'x'.repeat(CART_MESSAGE_MAX_LENGTH + 1) },
        400,
        'cart/invalid_message',
      ],
      [{ productId: ids.earbuds, message: 'nul\u0000' }, 400, 'general/argument_error'],
      [{}, 400, 'general/missing_argument', 'productId'],
      [null, 400, 'general/argument_error'],
      [[], 400, 'general/argument_error'],
      ['productId', 400, 'general/argument_error'],
      [42, 400, 'general/argument_error'],
    ];
    for (const [body, status, code, text] of cases) {
      const response = await shopper.add(body);
      expect({ body, status: response.statusCode, code: response.json().error?.code }).toEqual({
        body,
        status,
        code,
      });
      if (text) expect(response.json().error.message).toContain(text);
    }
    expect((await shopper.cart()).json().cartItems).toEqual([]);
  });

  it('refuses raising a line past the most one line holds', async () => {
    const shopper = await newShopper();
    await shopper.add({ productId: ids.earbuds, quantity: CART_MAX_QUANTITY - 1 });
    const over = await shopper.add({ productId: ids.earbuds, quantity: 2 });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.code).toBe('cart/invalid_quantity');
    expect((await shopper.cart()).json().cartItems[0].quantity).toBe(CART_MAX_QUANTITY - 1);
  });

  it('changes only the quantity and the message of a line', async () => {
    const shopper = await newShopper();
    const { id } = (await shopper.add({ productId: ids.earbuds })).json().cartItem;
    const changed = await shopper.update(id, { quantity: 4, message: 'Blue box please' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().cartItem).toMatchObject({
      id,
      quantity: 4,
      message: 'Blue box please',
      inStock: false,
    });

    for (const body of [
      { productId: ids.sneakers, quantity: 1 },
      { variantPath: '0/0' },
      { quantity: 1, userId: UNKNOWN_ID },
      {},
      null,
      [],
      'quantity',
      { quantity: 0 },
      { message: 'x'.repeat(CART_MESSAGE_MAX_LENGTH + 1) },
    ]) {
      const response = await shopper.update(id, body);
      expect(response.statusCode).toBe(400);
    }
    const [line] = (await shopper.cart()).json().cartItems;
    expect(line).toMatchObject({
      id,
      productId: ids.earbuds,
      variantPath: '',
      quantity: 4,
      message: 'Blue box please',
    });
  });

  it("answers another shopper's lines as if they did not exist", async () => {
    const owner = await newShopper();
    const other = await newShopper();
    const { id } = (await owner.add({ productId: ids.earbuds })).json().cartItem;
    for (const response of [await other.update(id, { quantity: 5 }), await other.remove(id)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('cart/not_found');
    }
    expect((await other.cart()).json().cartItems).toEqual([]);
    expect((await owner.cart()).json().cartItems[0]).toMatchObject({ id, quantity: 1 });
    for (const bad of ['not-an-id', UNKNOWN_ID]) {
      expect((await owner.remove(bad)).statusCode).toBe(404);
    }
  });

  it('removes a line', async () => {
    const shopper = await newShopper();
    const { id } = (await shopper.add({ productId: ids.earbuds })).json().cartItem;
    expect((await shopper.remove(id)).statusCode).toBe(204);
    expect((await shopper.remove(id)).statusCode).toBe(404);
    expect((await shopper.cart()).json().cartItems).toEqual([]);
  });

  it('shows a line whose product was disabled since as unavailable', async () => {
    const { id } = await addProduct(fixture, {
      name: 'Soon Gone Speaker',
      categoryId: 'speakers',
      merchant: fixture.merchants.audio,
      priceMinor: 3000,
      stock: 9,
    });
    const shopper = await newShopper();
    await shopper.add({ productId: id });
    await harness.app.db.update(products).set({ disabled: true }).where(eq(products.id, id));
    expect((await shopper.cart()).json().cartItems[0]).toMatchObject({ productId: id, available: false });
  });

  it('makes one line of a burst of parallel adds, whose quantity is the sum of the adds that succeeded', async () => {
    const shopper = await newShopper();
    const responses = await Promise.all(
      Array.from({ length: 25 }, () => shopper.add({ productId: ids.earbuds, quantity: 5 })),
    );
    const succeeded = responses.filter((response) => response.statusCode < 300).length;
    const refused = responses.filter((response) => response.statusCode === 400);
    expect(succeeded).toBe(Math.floor(CART_MAX_QUANTITY / 5));
    expect(refused.every((response) => response.json().error.code === 'cart/invalid_quantity')).toBe(true);
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    const cart = (await shopper.cart()).json();
    expect(cart.cartItems).toHaveLength(1);
    expect(cart.cartItems[0].quantity).toBe(succeeded * 5);
  });

  it('holds the most lines a cart holds under a burst of parallel adds', async () => {
    const user = await createUser(harness.app);
    const shopper = as(await signInAs(harness.app, user));
    const cables = async (name: string, count: number) => {
      const ids: string[] = [];
      for (let index = 0; index < count; index += 1) {
        const { id } = await addProduct(fixture, {
          name: `${name} ${index}`,
          categoryId: 'computing',
          merchant: fixture.merchants.basics,
          priceMinor: 500,
          stock: 50,
        });
        ids.push(id);
      }
      return ids;
    };
    const extra = await cables('Cable', 25);
    // Fill the cart to five lines short of its bound, one product per line.
    const fillers = await cables('Filler', CART_MAX_ITEMS - 5);
    await harness.app.db
      .insert(cartItems)
      .values(fillers.map((productId) => ({ userId: user.id, productId, quantity: 1 })));
    const responses = await Promise.all(extra.map((productId) => shopper.add({ productId })));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(5);
    const refused = responses.filter((response) => response.statusCode === 400);
    expect(refused).toHaveLength(20);
    expect(refused[0]?.json().error).toMatchObject({
      code: 'cart/too_many_items',
      params: [String(CART_MAX_ITEMS)],
    });
    expect((await shopper.cart()).json().cartItems).toHaveLength(CART_MAX_ITEMS);
  });
});
