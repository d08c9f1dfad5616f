import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recentlyViewed } from '../src/features/catalogue/catalogue.table.js';
import { preferredRegionOfUser } from '../src/features/regions/regions.service.js';
import {
  browserSignedInAs,
  createUserWithPassword,
  PASSWORD,
  staffBrowserSignedIn,
} from './helpers/accounts.js';
import type { TestBrowser } from './helpers/browser.js';
import { addProduct, seedCatalogue } from './helpers/catalogue-fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// Routes open to visitors that do more for a signed-in shopper must check the session behind the access
// token, which stays validly signed for up to 15 minutes after the session ends.
describe('an access token whose session has ended', () => {
  let harness: TestApp;
  let wished: string;
  let viewed: string;

  beforeAll(async () => {
    harness = await createTestApp();
    const fixture = await seedCatalogue(harness.app.db);
    const product = (name: string) =>
      addProduct(fixture, {
        name,
        categoryId: 'headphones',
        merchant: fixture.merchants.audio,
        priceMinor: 1990,
        stock: 5,
      });
    wished = (await product('Studio Headphones')).id;
    viewed = (await product('Travel Earbuds')).id;
  });
  afterAll(() => harness.close());

  /** What a copy of the browser's cookies, taken while signed in, can still do once the session ended. */
  async function replay(copy: { cookie: string; xsrf: string }, userId: string) {
    const send = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      harness.app.inject({
        method,
        url,
        headers: { cookie: copy.cookie, 'x-xsrf-token': copy.xsrf },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
    const prefer = await send('POST', '/api/region/prefer', { countryCode: 'JP' });
    const flags = await send('GET', `/api/product/${wished}/flags`);
    const page = await send('GET', `/api/product/one/${viewed}`);
    // Views are written after the answer; give one the time it would take to land.
    await new Promise((resolve) => setTimeout(resolve, 200));
    return {
      prefer,
      flags,
      page,
      storedRegion: await preferredRegionOfUser(harness.app.db, userId),
      views: await harness.app.db.select().from(recentlyViewed).where(eq(recentlyViewed.userId, userId)),
    };
  }

  async function signedInShopperWithACopy() {
    const user = await createUserWithPassword(harness.app);
    const browser = await browserSignedInAs(harness.app, user.email);
    expect((await browser.post('/api/wishlist', { productId: wished })).statusCode).toBe(201);
    // While the session lives, the copy acts for the shopper (and this process has checked it recently).
    expect((await browser.get(`/api/product/${wished}/flags`)).json()).toEqual({
      inWishlist: true,
      inCart: false,
    });
    const copy = { cookie: browser.cookieHeader('/api/'), xsrf: browser.cookie('XSRF-TOKEN') ?? '' };
    return { user, browser, copy };
  }

  function expectActsAsAVisitor(outcome: Awaited<ReturnType<typeof replay>>) {
    expect(outcome.prefer.statusCode).toBe(200);
    expect(outcome.storedRegion).toBeNull();
    expect(outcome.flags.statusCode).toBe(200);
    expect(outcome.flags.json()).toEqual({ inWishlist: false, inCart: false });
    expect(outcome.page.statusCode).toBe(200);
    expect(outcome.views).toEqual([]);
  }

  it('acts as a visitor after the shopper signs out', async () => {
    const { user, browser, copy } = await signedInShopperWithACopy();
    expect((await browser.delete('/api/auth/logout')).statusCode).toBe(204);
    expectActsAsAVisitor(await replay(copy, user.id));
  });

  it('acts as a visitor after the password is changed in another session', async () => {
    const { user, copy } = await signedInShopperWithACopy();
    const elsewhere: TestBrowser = await browserSignedInAs(harness.app, user.email);
    const change = await elsewhere.post('/api/auth/changePassword', {
      currentPassword: PASSWORD,
      newPassword: 'Changed-456',
    });
    expect(change.statusCode).toBe(200);
    expectActsAsAVisitor(await replay(copy, user.id));
  });

  it('acts as a visitor once the account is blacklisted', async () => {
    const { user, copy } = await signedInShopperWithACopy();
    const { browser: staff } = await staffBrowserSignedIn(harness.app);
    expect((await staff.post(`/api/admin/users/${user.id}/blacklist`)).statusCode).toBe(200);
    expectActsAsAVisitor(await replay(copy, user.id));
  });

  it('still acts for the shopper while the session lives', async () => {
    const { user, copy } = await signedInShopperWithACopy();
    const outcome = await replay(copy, user.id);
    expect(outcome.storedRegion).toBe('JP');
    expect(outcome.flags.json()).toEqual({ inWishlist: true, inCart: false });
    expect(outcome.views.map((view) => view.productId)).toEqual([viewed]);
  });
});
