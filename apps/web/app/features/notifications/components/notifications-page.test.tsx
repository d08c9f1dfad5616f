import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import type { Notification } from '../api/notifications-api';
import NotificationsMenu from './notifications-menu';
import { NotificationsPage } from './notifications-page';

const api = fakeApi();

/** Twenty-five notifications a minute apart, newest first; the even ones are about one order. */
function aNotification(index: number): Notification {
  const createdAt = new Date(Date.UTC(2026, 10, 20, 12, 59 - index)).toISOString();
  return {
    id: `n${index}`,
    title: `Update ${index}`,
    body: `Body ${index}`,
    link: index % 2 === 0 ? '/orders/o1' : null,
    groupKey: `g${index}`,
    readAt: index >= 3 ? createdAt : null,
    createdAt,
    count: 1,
  };
}

let all: Notification[];

/** The server's paging, as GET /notification does it: newest first, older than beforeTime, limit at a time. */
function serve() {
  api.respond(({ method, path, body }) => {
    const url = new URL(path, 'http://store');
    if (url.pathname === '/notification' && method === 'GET') {
      const limit = Number(url.searchParams.get('limit') ?? 5);
      const before = url.searchParams.get('beforeTime');
      const older = all.filter((entry) => before === null || entry.createdAt < before);
      const page = url.searchParams.get('collasped') === 'true' ? older.slice(0, 5) : older.slice(0, limit);
      return json(200, {
        notifications: page,
        nextBeforeTime: older.length > page.length ? (page.at(-1)?.createdAt ?? null) : null,
      });
    }
    if (url.pathname === '/notification/read_all' && method === 'POST') {
      const upTo = (body as { upTo?: string }).upTo;
      let markedCount = 0;
      all = all.map((entry) => {
        if (entry.readAt !== null || (upTo !== undefined && entry.createdAt > upTo)) return entry;
        markedCount += 1;
        return { ...entry, readAt: '2026-11-20T13:00:00.000Z' };
      });
      return json(200, { markedCount });
    }
    const one = /^\/notification\/(n\d+)\/read$/.exec(url.pathname);
    if (one && method === 'POST') {
      all = all.map((entry) => (entry.id === one[1] ? { ...entry, readAt: entry.createdAt } : entry));
      return json(204);
    }
    return json(404, envelope('general/not_found'));
  });
}

beforeEach(() => {
  userStore.set({ signedIn: true, tfaPassed: true, profileFetched: true, profile: aProfile() });
  all = Array.from({ length: 25 }, (_, index) => aNotification(index));
  serve();
});

afterEach(() => {
  cleanup();
  resetUserState();
});

function renderPage() {
  const Stub = createRoutesStub([
    {
      path: '/notifications',
      Component: () => (
        <>
          <NotificationsMenu />
          <NotificationsPage />
        </>
      ),
    },
    { path: '/orders/o1', Component: () => <h1>Order page</h1> },
    { path: '/orders', Component: () => <h1>Orders page</h1> },
  ]);
  render(
    <ShellQueryProvider userId="u1">
      <Stub initialEntries={['/notifications']} />
    </ShellQueryProvider>,
  );
}

const list = () => screen.findByRole('list', { name: 'Notifications, newest first' });

describe('the notifications page', () => {
  it('shows twenty at a time and the older ones with "Show older", by the beforeTime cursor', async () => {
    renderPage();
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(20);
    expect(api.calls.find(({ path }) => path.startsWith('/notification?limit'))?.path).toBe(
      '/notification?limit=20',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show older' }));
    await waitFor(async () => expect(within(await list()).getAllByRole('listitem')).toHaveLength(25));
    const older = api.calls.filter(({ path }) => path.includes('beforeTime'));
    expect(older.map(({ path }) => new URL(path, 'http://store').searchParams.get('beforeTime'))).toEqual([
      all[19]?.createdAt,
    ]);
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('5 older notifications shown.');
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
    // Focus goes on to the first of the older ones rather than falling to the page with the button.
    expect(document.activeElement?.textContent).toMatch(/^Update 20Body 20/);
    expect(screen.getByText('That is all of your notifications.')).toBeTruthy();
  });

  it('marks all read up to the newest shown, and the bell’s badge goes', async () => {
    renderPage();
    expect(await screen.findByRole('button', { name: 'Notifications 3 unread' })).toBeTruthy();
    const unreadEntries = within(await list()).getAllByText('(unread)');
    expect(unreadEntries).toHaveLength(3);
    // One arrives after the page was read: it is not marked unseen.
    all = [{ ...aNotification(-1), id: 'late', title: 'Arrived later' }, ...all];
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('Marked 3 notifications read.')).toBeTruthy();
    const call = api.calls.find(({ path }) => path === '/notification/read_all');
    expect(call?.body).toEqual({ upTo: aNotification(0).createdAt });
    expect(call?.headers.get('x-xsrf-token')).toBe('token');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications 1 unread' })).toBeTruthy());
    expect(within(await list()).getByRole('button', { name: /Arrived later \(unread\)/ })).toBeTruthy();
  });

  it('marks one read when it is opened', async () => {
    renderPage();
    const first = within(await list()).getByRole('link', { name: /Update 0 \(unread\)/ });
    await userEvent.click(first);
    expect(await screen.findByRole('heading', { name: 'Order page' })).toBeTruthy();
    expect(api.calls.some(({ path, method }) => path === '/notification/n0/read' && method === 'POST')).toBe(
      true,
    );
  });

  it('marks one without a link read where it is, and can be used from the keyboard', async () => {
    renderPage();
    const entry = within(await list()).getByRole('button', { name: /Update 1 \(unread\)/ });
    entry.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(async () =>
      expect(within(await list()).queryByRole('button', { name: /Update 1 \(unread\)/ })).toBeNull(),
    );
    expect(within(await list()).getByRole('button', { name: /^Update 1(?!\d)/ })).toBeTruthy();
    expect(api.calls.some(({ path, method }) => path === '/notification/n1/read' && method === 'POST')).toBe(
      true,
    );
  });

  it('says when each came in Singapore time, a day ahead of UTC in the evening', async () => {
    all = [{ ...aNotification(0), createdAt: '2026-03-01T17:30:00.000Z' }];
    renderPage();
    const [entry] = within(await list()).getAllByRole('listitem');
    expect(entry?.querySelector('time')?.textContent).toBe('02/03/2026 01:30:00 Singapore time');
  });

  it('says so when there are none, and leads to the orders', async () => {
    all = [];
    renderPage();
    expect(await screen.findByText('You have no notifications yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your orders' }).getAttribute('href')).toBe('/orders');
  });

  it('says what went wrong and offers to try again', async () => {
    api.respond(() => json(500, envelope('general/internal_error')));
    renderPage();
    expect(
      await screen.findByText(/We could not load your notifications/, undefined, { timeout: 4000 }),
    ).toBeTruthy();
    serve();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(20);
  });
});
