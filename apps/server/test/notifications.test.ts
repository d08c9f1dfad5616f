import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyUser } from '../src/features/notifications/notifications.service.js';
import { notifications } from '../src/features/notifications/notifications.table.js';
import type { UserRow } from '../src/features/users/users.table.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp, withXsrf } from './helpers/test-app.js';

type Entry = {
  id: string;
  title: string;
  groupKey: string;
  count: number;
  readAt: string | null;
  createdAt: string;
};
type Page = { notifications: Entry[]; nextBeforeTime: string | null };

describe('notification calls', () => {
  let harness: TestApp;
  const get = async (url: string, cookie: string) => {
    const response = await harness.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };
  const titles = (page: Page) => page.notifications.map((entry) => entry.title);

  /** Twelve notifications a minute apart, newest 'N12'; three per group g1..g4. */
  async function userWithNotifications(): Promise<{
    user: UserRow;
    cookie: string;
    header: Record<string, string>;
  }> {
    const user = await createUser(harness.app);
    const base = Date.now() - 60 * 60_000;
    await harness.app.db.insert(notifications).values(
      Array.from({ length: 12 }, (_, index) => ({
        userId: user.id,
        title: `N${index + 1}`,
        groupKey: `g${(index % 4) + 1}`,
        createdAt: new Date(base + index * 60_000),
      })),
    );
    return { user, ...(await signInAs(harness.app, user)) };
  }

  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());

  it('needs a signed-in shopper', async () => {
    const xsrf = await withXsrf(harness.app);
    const list = await harness.app.inject({ method: 'GET', url: '/api/notification' });
    expect(list.statusCode).toBe(401);
    const read = await harness.app.inject({
      method: 'POST',
      url: '/api/notification/6f1c1a52-0000-4000-8000-000000000000/read',
      headers: { cookie: xsrf.cookie, ...xsrf.header },
    });
    expect(read.statusCode).toBe(401);
    expect(read.json().error.code).toBe('auth/invalid_access_token');
  });

  it('lists the newest 5 by default, with the cursor for the next page', async () => {
    const { cookie } = await userWithNotifications();
    const first = await get('/api/notification', cookie);
    expect(titles(first)).toEqual(['N12', 'N11', 'N10', 'N9', 'N8']);
    expect(first.notifications[0]).toMatchObject({ groupKey: 'g4', count: 1, readAt: null });
    expect(first.nextBeforeTime).toBe(first.notifications[4]?.createdAt);
    const second = await get(
      `/api/notification?beforeTime=${encodeURIComponent(first.nextBeforeTime!)}`,
      cookie,
    );
    expect(titles(second)).toEqual(['N7', 'N6', 'N5', 'N4', 'N3']);
    const last = await get(
      `/api/notification?beforeTime=${encodeURIComponent(second.nextBeforeTime!)}`,
      cookie,
    );
    expect(titles(last)).toEqual(['N2', 'N1']);
    expect(last.nextBeforeTime).toBeNull();
  });

  it('takes a limit within 1..50', async () => {
    const { cookie } = await userWithNotifications();
    expect(titles(await get('/api/notification?limit=2', cookie))).toEqual(['N12', 'N11']);
    expect((await get('/api/notification?limit=50', cookie)).notifications).toHaveLength(12);
    for (const query of ['limit=0', 'limit=51', 'limit=x', 'beforeTime=yesterday', 'collasped=perhaps']) {
      const response = await harness.app.inject({
        method: 'GET',
        url: `/api/notification?${query}`,
        headers: { cookie },
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('general/argument_error');
    }
  });

  it('collapses each group into its newest notification with the group size', async () => {
    const { cookie } = await userWithNotifications();
    const page = await get('/api/notification?collasped=true', cookie);
    expect(page.notifications.map((entry) => [entry.title, entry.groupKey, entry.count])).toEqual([
      ['N12', 'g4', 3],
      ['N11', 'g3', 3],
      ['N10', 'g2', 3],
      ['N9', 'g1', 3],
    ]);
    expect(page.nextBeforeTime).toBeNull();
    const paged = await get('/api/notification?collasped=true&limit=3', cookie);
    expect(paged.nextBeforeTime).not.toBeNull();
    const rest = await get(
      `/api/notification?collasped=true&limit=3&beforeTime=${encodeURIComponent(paged.nextBeforeTime!)}`,
      cookie,
    );
    expect(titles(rest)).toEqual(['N9']);
  });

  it('pages without skipping notifications written in the same millisecond', async () => {
    const user = await createUser(harness.app);
    const { cookie } = await signInAs(harness.app, user);
    // One statement: the rows differ only in microseconds.
    await harness.app.db.execute(
      sql`INSERT INTO notifications (user_id, title, group_key) SELECT ${user.id}, 'Same ms ' || n, 'burst' FROM generate_series(1, 4) AS n`,
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await get(
        `/api/notification?limit=1${cursor ? `&beforeTime=${encodeURIComponent(cursor)}` : ''}`,
        cookie,
      );
      seen.push(...titles(page));
      cursor = page.nextBeforeTime;
    } while (cursor);
    expect(seen.sort()).toEqual(['Same ms 1', 'Same ms 2', 'Same ms 3', 'Same ms 4']);
  });

  it("shows each shopper only their own notifications; another's id answers 404", async () => {
    const owner = await userWithNotifications();
    const stranger = await signInAs(harness.app, await createUser(harness.app));
    expect((await get('/api/notification', stranger.cookie)).notifications).toEqual([]);
    const [latest] = (await get('/api/notification', owner.cookie)).notifications;
    const response = await harness.app.inject({
      method: 'POST',
      url: `/api/notification/${latest?.id}/read`,
      headers: { cookie: stranger.cookie, ...stranger.header },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('notification/not_found');
    expect((await get('/api/notification', owner.cookie)).notifications[0]?.readAt).toBeNull();
  });

  it('POST /notification/{id}/read marks it and the older ones of its group read', async () => {
    const owner = await userWithNotifications();
    const all = await get('/api/notification?limit=50', owner.cookie);
    const n8 = all.notifications.find((entry) => entry.title === 'N8');
    const read = await harness.app.inject({
      method: 'POST',
      url: `/api/notification/${n8?.id}/read`,
      headers: { cookie: owner.cookie, ...owner.header },
    });
    expect(read.statusCode).toBe(204);
    const after = await get('/api/notification?limit=50', owner.cookie);
    const readTitles = after.notifications
      .filter((entry) => entry.readAt !== null)
      .map((entry) => entry.title);
    expect(readTitles.sort()).toEqual(['N4', 'N8']);
    // The group still has N12 unread, so collapsed it is unread.
    const collapsed = await get('/api/notification?collasped=true', owner.cookie);
    expect(collapsed.notifications[0]).toMatchObject({ groupKey: 'g4', readAt: null });
    const n12 = after.notifications.find((entry) => entry.title === 'N12');
    await harness.app.inject({
      method: 'POST',
      url: `/api/notification/${n12?.id}/read`,
      headers: { cookie: owner.cookie, ...owner.header },
    });
    expect(
      (await get('/api/notification?collasped=true', owner.cookie)).notifications[0]?.readAt,
    ).not.toBeNull();
  });

  it('POST /notification/{id}/read answers 404 for an unknown id and 403 without the anti-forgery header', async () => {
    const owner = await userWithNotifications();
    for (const id of ['6f1c1a52-0000-4000-8000-000000000000', 'nope']) {
      const response = await harness.app.inject({
        method: 'POST',
        url: `/api/notification/${id}/read`,
        headers: { cookie: owner.cookie, ...owner.header },
      });
      expect(response.statusCode).toBe(404);
    }
    const forged = await harness.app.inject({
      method: 'POST',
      url: '/api/notification/6f1c1a52-0000-4000-8000-000000000000/read',
      headers: { cookie: owner.cookie },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('auth/invalid_state');
  });

  describe('POST /notification/read_all', () => {
    const readAll = (session: { cookie: string; header: Record<string, string> }, body: unknown) =>
      apiAs(harness.app, session).send('POST', '/api/notification/read_all', body);
    const unreadOf = async (cookie: string) =>
      (await get('/api/notification?limit=50', cookie)).notifications
        .filter((entry) => entry.readAt === null)
        .map((entry) => entry.title);

    it("marks every unread notification of the shopper read, and no one else's", async () => {
      const owner = await userWithNotifications();
      const other = await userWithNotifications();
      const [n12] = (await get('/api/notification', owner.cookie)).notifications;
      await harness.app.inject({
        method: 'POST',
        url: `/api/notification/${n12?.id}/read`,
        headers: { cookie: owner.cookie, ...owner.header },
      });
      const answer = await readAll(owner, {});
      expect(answer.statusCode, answer.body).toBe(200);
      // N12 and N8, N4 of its group were read already.
      expect(answer.json()).toEqual({ markedCount: 9 });
      expect(await unreadOf(owner.cookie)).toEqual([]);
      const collapsed = await get('/api/notification?collasped=true', owner.cookie);
      expect(collapsed.notifications.every((entry) => entry.readAt !== null)).toBe(true);
      expect(await unreadOf(other.cookie)).toHaveLength(12);
      expect((await readAll(owner, {})).json()).toEqual({ markedCount: 0 });
      expect((await get('/api/notification?limit=50', owner.cookie)).notifications).toHaveLength(12);
    });

    it('with upTo leaves unread what arrived after the newest the reader saw', async () => {
      const owner = await userWithNotifications();
      const seen = (await get('/api/notification?limit=50', owner.cookie)).notifications;
      const n10 = seen.find((entry) => entry.title === 'N10');
      const answer = await readAll(owner, { upTo: n10?.createdAt });
      expect(answer.json()).toEqual({ markedCount: 10 });
      expect(await unreadOf(owner.cookie)).toEqual(['N12', 'N11']);
    });

    it.each([
      ['null', null],
      ['an array', [{}]],
      ['a string', 'all'],
      ['a number', 1],
      ['an unknown field', { everything: true }],
      ['a time that is not one', { upTo: 'yesterday' }],
      ['a time without its zone', { upTo: '2026-11-20T10:00:00' }],
      ['a number for the time', { upTo: 1_700_000_000 }],
    ])('refuses %s as its body and changes nothing', async (_label, body) => {
      const owner = await userWithNotifications();
      const answer = await readAll(owner, body);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().error.code).toBe('general/argument_error');
      expect(await unreadOf(owner.cookie)).toHaveLength(12);
    });

    it('refuses a request without a body', async () => {
      const owner = await userWithNotifications();
      const answer = await readAll(owner, undefined);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(await unreadOf(owner.cookie)).toHaveLength(12);
    });

    it('refuses a visitor with 401 and a request without the anti-forgery header with 403', async () => {
      const owner = await userWithNotifications();
      const xsrf = await withXsrf(harness.app);
      const visitor = await readAll(xsrf, {});
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().error.code).toBe('auth/invalid_access_token');
      const forged = await harness.app.inject({
        method: 'POST',
        url: '/api/notification/read_all',
        headers: { cookie: owner.cookie, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(forged.statusCode).toBe(403);
      expect(forged.json().error.code).toBe('auth/invalid_state');
      expect(await unreadOf(owner.cookie)).toHaveLength(12);
    });

    it('is described in the OpenAPI document', async () => {
      const document = (await harness.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      const operation = document.paths['/api/notification/read_all']?.post;
      expect(operation?.summary).toMatch(/Mark all/);
      expect(operation?.description).toContain('upTo');
    });
  });

  it('notifyUser is how other features add a notification', async () => {
    const user = await createUser(harness.app);
    const { cookie } = await signInAs(harness.app, user);
    await notifyUser(harness.app.db, {
      userId: user.id,
      title: 'Your quotation is here!',
      link: '/quotations/1',
      groupKey: 'quotation:1',
    });
    expect((await get('/api/notification', cookie)).notifications).toEqual([
      expect.objectContaining({
        title: 'Your quotation is here!',
        body: '',
        link: '/quotations/1',
        count: 1,
      }),
    ]);
  });
});
