import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, fakeApi, json } from '../../../test-support/fake-api';
import type { Notification } from '../api/notifications-api';
import NotificationsMenu from './notifications-menu';

const api = fakeApi();

const unread: Notification = {
  id: 'n1',
  title: 'Order CB-ABCD2345 is completed',
  body: 'You confirmed the order arrived. It is completed.',
  link: '/wishlist',
  groupKey: 'order:o1:status',
  readAt: null,
  createdAt: '2026-03-04T05:06:07.000Z',
  count: 2,
};
const read: Notification = {
  ...unread,
  id: 'n2',
  title: 'Welcome',
  body: '',
  groupKey: 'welcome',
  readAt: unread.createdAt,
  count: 1,
};

let notifications: Notification[];

beforeEach(() => {
  userStore.set({ signedIn: true, tfaPassed: true, profileFetched: true, profile: aProfile() });
  notifications = [unread, read];
  api.respond(({ method, path }) => {
    if (path.startsWith('/notification?')) return json(200, { notifications, nextBeforeTime: null });
    if (path === '/notification/n1/read' && method === 'POST') {
      notifications = [{ ...unread, readAt: unread.createdAt }, read];
      return json(204);
    }
    return json(404, {});
  });
});

afterEach(() => {
  cleanup();
  resetUserState();
});

function renderMenu() {
  const Stub = createRoutesStub([
    { path: '/', Component: NotificationsMenu },
    { path: '/wishlist', Component: () => <h1>Wishlist page</h1> },
    { path: '/notifications', Component: () => <h1>All notifications page</h1> },
  ]);
  render(
    <ShellQueryProvider userId="u1">
      <Stub initialEntries={['/']} />
    </ShellQueryProvider>,
  );
}

describe('NotificationsMenu', () => {
  it('loads the collapsed list and counts what is unread', async () => {
    renderMenu();
    expect(await screen.findByRole('button', { name: 'Notifications 2 unread' })).toBeTruthy();
    expect(api.calls[0]?.path).toBe('/notification?collasped=true');
  });

  it('opens with the button, closes with Escape and gives focus back', async () => {
    renderMenu();
    const button = await screen.findByRole('button', { name: 'Notifications 2 unread' });
    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('says a collapsed group’s size in words, not as a number after the title', async () => {
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications 2 unread' }));
    const entry = screen.getByRole('link', { name: /Order CB-ABCD2345 is completed \(unread\)/ });
    expect(entry.textContent).toContain('Latest of 2 updates');
    expect(entry.textContent).not.toContain('(2)');
    expect(screen.getByRole('link', { name: /^Welcome/ }).textContent).not.toContain('Latest of');
  });

  it('marks an entry read when it is opened', async () => {
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications 2 unread' }));
    await userEvent.click(screen.getByRole('link', { name: /Order CB-ABCD2345 is completed/ }));
    expect(await screen.findByRole('heading', { name: 'Wishlist page' })).toBeTruthy();
    expect(api.calls.some(({ path, method }) => path === '/notification/n1/read' && method === 'POST')).toBe(
      true,
    );
  });

  it('leads to the page of all notifications', async () => {
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications 2 unread' }));
    const panel = screen.getByText('See all notifications').closest('div') as HTMLElement;
    await userEvent.click(within(panel).getByRole('link', { name: 'See all notifications' }));
    expect(await screen.findByRole('heading', { name: 'All notifications page' })).toBeTruthy();
  });
});
