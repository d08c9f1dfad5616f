import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../src/features/audit/audit.table.js';
import { errorCode } from './helpers/browser.js';
import { addProduct, type CatalogueFixture, seedCatalogue } from './helpers/catalogue-fixtures.js';
import { addResolvedQuotation } from './helpers/checkout-fixtures.js';
import { placeOrder } from './helpers/order-fixtures.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

describe('the audit log of staff changes', () => {
  let harness: TestApp;
  let fixture: CatalogueFixture;

  beforeAll(async () => {
    harness = await createTestApp({ env: { PAYNOW_UEN: '53312345X' } });
    fixture = await seedCatalogue(harness.app.db);
  });
  afterAll(() => harness?.close());

  const staff = async (role: 'operator' | 'admin') => {
    const user = await createUser(harness.app, { role });
    return { user, api: apiAs(harness.app, await signInAs(harness.app, user, { tfaPassed: true })) };
  };
  const entriesAbout = (subjectId: string) =>
    harness.app.db.select().from(auditEntries).where(eq(auditEntries.subjectId, subjectId));

  it('records each staff change with who made it, when, and the changed fields before and after, for admins to read', async () => {
    const operator = await staff('operator');
    const admin = await staff('admin');
    const shopper = await createUser(harness.app);

    const declined = await addResolvedQuotation(harness.app.db, shopper.id, {}, { status: 'p' });
    const declining = await operator.api.send('POST', `/api/admin/quotation_items/${declined}/decline`, {
      reason: 'The seller does not ship abroad',
    });
    expect(declining.statusCode, declining.body).toBe(200);
    const resolved = await addResolvedQuotation(harness.app.db, shopper.id, {}, { status: 'p' });
    const resolving = await operator.api.send('POST', `/api/admin/quotation_items/${resolved}/resolve`, {
      basePrice: { amountMinor: 5_000, currency: 'SGD' },
    });
    expect(resolving.statusCode, resolving.body).toBe(200);
    const order = await placeOrder(harness.app.db, shopper.id, { method: 'paynow' });
    expect((await operator.api.send('POST', `/api/admin/orders/${order.id}/confirm_paynow`)).statusCode).toBe(
      200,
    );
    expect((await operator.api.send('POST', `/api/admin/users/${shopper.id}/blacklist`)).statusCode).toBe(
      200,
    );
    expect((await operator.api.send('POST', `/api/admin/users/${shopper.id}/unblacklist`)).statusCode).toBe(
      200,
    );

    const log = await admin.api.get('/api/admin/audit_log?limit=5');
    expect(log.statusCode, log.body).toBe(200);
    const { entries, total } = log.json();
    expect(total).toBeGreaterThanOrEqual(5);
    const by = { id: operator.user.id, email: operator.user.email };
    expect(entries).toEqual([
      expect.objectContaining({
        actor: by,
        action: 'user.unblacklist',
        subject: { type: 'user', id: shopper.id, name: `${shopper.firstName} ${shopper.lastName}` },
        before: { blacklistedAt: expect.any(String) },
        after: { blacklistedAt: null },
      }),
      expect.objectContaining({
        actor: by,
        action: 'user.blacklist',
        before: { blacklistedAt: null },
        after: { blacklistedAt: expect.any(String) },
      }),
      expect.objectContaining({
        actor: by,
        action: 'order.confirm_paynow',
        subject: { type: 'order', id: order.id, name: order.orderRef },
        before: { status: 'pending_payment' },
        after: { status: 'paid' },
      }),
      expect.objectContaining({
        actor: by,
        action: 'quotation_item.resolve',
        subject: { type: 'quotation_item', id: resolved, name: expect.any(String) },
        before: expect.objectContaining({ status: 'p', quotedPrice: null }),
        after: expect.objectContaining({
          status: 'r',
          basePriceMinor: 5_000,
          basePriceCurrency: 'SGD',
          quotedPrice: expect.objectContaining({ SG: { amountMinor: expect.any(Number), currency: 'SGD' } }),
          expiresAt: expect.any(String),
        }),
      }),
      expect.objectContaining({
        actor: by,
        action: 'quotation_item.decline',
        subject: { type: 'quotation_item', id: declined, name: expect.any(String) },
        before: expect.objectContaining({ status: 'p', declineReason: null }),
        after: expect.objectContaining({ status: 'd', declineReason: 'The seller does not ship abroad' }),
      }),
    ]);
    const times = entries.map((entry: { createdAt: string }) => Date.parse(entry.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const aboutShopper = await admin.api.get(`/api/admin/audit_log?subjectType=user&subjectId=${shopper.id}`);
    expect(aboutShopper.json().entries.map((entry: { action: string }) => entry.action)).toEqual([
      'user.unblacklist',
      'user.blacklist',
    ]);
    const byOperator = await admin.api.get(`/api/admin/audit_log?actorUserId=${operator.user.id}&limit=100`);
    expect(byOperator.json().total).toBe(5);
  });

  it('names each subject as the staff know it today, and says nothing for one that is gone', async () => {
    const admin = await staff('admin');
    const nameless = await createUser(harness.app, { firstName: '', lastName: '' });
    const order = await placeOrder(harness.app.db, nameless.id, { method: 'paynow' });
    const gone = 'a-category-since-deleted';
    await harness.app.db.insert(auditEntries).values([
      {
        actorUserId: admin.user.id,
        actorEmail: admin.user.email,
        action: 'order.move',
        subjectType: 'order',
        subjectId: order.id,
      },
      {
        actorUserId: admin.user.id,
        actorEmail: admin.user.email,
        action: 'user.blacklist',
        subjectType: 'user',
        subjectId: nameless.id,
      },
      {
        actorUserId: admin.user.id,
        actorEmail: admin.user.email,
        action: 'category.delete',
        subjectType: 'category',
        subjectId: gone,
      },
      {
        actorUserId: admin.user.id,
        actorEmail: admin.user.email,
        action: 'region.update',
        subjectType: 'region',
        subjectId: 'SG',
      },
    ]);
    const log = await admin.api.get(`/api/admin/audit_log?actorUserId=${admin.user.id}`);
    expect(log.statusCode, log.body).toBe(200);
    const subjects = log.json().entries.map((entry: { subject: unknown }) => entry.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        { type: 'order', id: order.id, name: order.orderRef },
        { type: 'user', id: nameless.id, name: nameless.email },
        { type: 'category', id: gone, name: null },
        { type: 'region', id: 'SG', name: 'SG' },
      ]),
    );
    expect(subjects).toHaveLength(4);
  });

  it('finds the entries about what the staff name: an order reference, a product, a person, a code, or an id', async () => {
    const admin = await staff('admin');
    const buyer = await createUser(harness.app, { firstName: 'Aiko', lastName: 'Nakamura' });
    const order = await placeOrder(harness.app.db, buyer.id, { method: 'paynow' });
    const kettle = await addProduct(fixture, {
      name: 'Zojirushi Glass Kettle',
      categoryId: 'audio',
      merchant: fixture.merchants.audio,
      priceMinor: 8_900,
    });
    const about = (subjectType: string, subjectId: string, action: string) => ({
      actorUserId: admin.user.id,
      actorEmail: admin.user.email,
      action,
      subjectType,
      subjectId,
    });
    await harness.app.db
      .insert(auditEntries)
      .values([
        about('order', order.id, 'order.move'),
        about('product', kettle.id, 'product.update'),
        about('user', buyer.id, 'user.blacklist'),
        about('setting', 'support_email', 'setting.update'),
        about('category', 'a-category-since-deleted', 'category.delete'),
      ]);
    const actionsAbout = async (text: string, more = '') => {
      const answer = await admin.api.get(
        `/api/admin/audit_log?actorUserId=${admin.user.id}&about=${encodeURIComponent(text)}${more}`,
      );
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().entries.map((entry: { action: string }) => entry.action);
    };

    expect(await actionsAbout(order.orderRef)).toEqual(['order.move']);
    expect(await actionsAbout(` ${order.orderRef.toLowerCase()} `)).toEqual(['order.move']);
    expect(await actionsAbout('glass kettle')).toEqual(['product.update']);
    expect(await actionsAbout('Aiko Nakamura')).toEqual(['user.blacklist']);
    expect(await actionsAbout(buyer.email.toUpperCase())).toEqual(['user.blacklist']);
    expect(await actionsAbout('SUPPORT_E')).toEqual(['setting.update']);
    expect(await actionsAbout(kettle.id.toUpperCase())).toEqual(['product.update']);
    expect(await actionsAbout('a-category-since-deleted')).toEqual(['category.delete']);
    expect(await actionsAbout('Aiko', '&subjectType=order')).toEqual([]);
    // Wildcards are taken as the characters they are.
    expect(await actionsAbout('%')).toEqual([]);
    expect(await actionsAbout('nothing by this name')).toEqual([]);
  });

  it('is for admins only, and its filters are checked', async () => {
    const operator = await staff('operator');
    const admin = await staff('admin');
    const refused = await operator.api.get('/api/admin/audit_log');
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe('auth/not_authorized');
    const shopper = apiAs(harness.app, await signInAs(harness.app, await createUser(harness.app)));
    const shopperRefused = await shopper.get('/api/admin/audit_log');
    expect(shopperRefused.statusCode).toBe(403);
    expect(errorCode(shopperRefused)).toBe('auth/not_authorized');
    for (const query of [
      'limit=0',
      'limit=101',
      'page=0',
      'subjectType=cart',
      'actorUserId=nobody',
      'page=x',
      'subjectId=a%00b',
      'subjectType=user&subjectType=order',
      'page=1&page=2',
      'subjectId=',
      'about=',
      'about=%20%20',
      'about=a%00b',
      `about=${'x'.repeat(201)}`,
      'actorUserId=null',
    ]) {
      expect((await admin.api.get(`/api/admin/audit_log?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('records nothing for a change that was refused', async () => {
    const operator = await staff('operator');
    const shopper = await createUser(harness.app);
    const item = await addResolvedQuotation(harness.app.db, shopper.id, {}, { status: 'p' });
    const decline = () =>
      operator.api.send('POST', `/api/admin/quotation_items/${item}/decline`, { reason: 'Out of stock' });
    expect((await decline()).statusCode).toBe(200);
    const again = await decline();
    expect(errorCode(again)).toBe('quotation/not_pending');
    expect(await entriesAbout(item)).toHaveLength(1);

    const self = await operator.api.send('POST', `/api/admin/users/${operator.user.id}/blacklist`);
    expect(self.statusCode).toBe(403);
    expect(await entriesAbout(operator.user.id)).toEqual([]);
  });

  it('names the state each of 10 parallel blacklistings found: one found the account open', async () => {
    const operator = await staff('operator');
    const shopper = await createUser(harness.app);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => operator.api.send('POST', `/api/admin/users/${shopper.id}/blacklist`)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const entries = await entriesAbout(shopper.id);
    expect(entries).toHaveLength(10);
    expect(entries.filter((entry) => entry.before?.blacklistedAt === null)).toHaveLength(1);
  });
});
