import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../api/notifications-api';
import NotificationsMenu from './notifications-menu';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const unread: Notification = {
  id: 'n1',
  title: 'Your quotation is here',
  body: 'Open it to see the price.',
  link: '/wishlist',
  groupKey: 'quotation',
  readAt: null,
  createdAt: '2026-03-04T05:06:07.000Z',
  count: 2,
};
const read: Notification = {
  ...unread,
  id: 'n2',
  title: 'Welcome',
  groupKey: 'welcome',
  readAt: unread.createdAt,
  count: 1,
};

let notifications: Notification[];
const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
  const url = String(input);
  if (url.startsWith('/api/notification?')) return json(200, { notifications, nextBeforeTime: null });
  if (url === '/api/notification/n1/read' && init.method === 'POST') {
    notifications = [{ ...unread, readAt: unread.createdAt }, read];
    return new Response(null, { status: 204 });
  }
  return json(404, {});
});

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the API client reads
  document.cookie = 'XSRF-TOKEN=token; path=/';
  notifications = [unread, read];
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function renderMenu() {
  const Stub = createRoutesStub([
    { path: '/', Component: NotificationsMenu },
    { path: '/wishlist', Component: () => <h1>Wishlist page</h1> },
  ]);
  render(<Stub initialEntries={['/']} />);
}

describe('NotificationsMenu', () => {
  it('loads the collapsed list and counts what is unread', async () => {
    renderMenu();
    expect(await screen.findByRole('button', { name: 'Notifications 2 unread' })).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/notification?collasped=true');
  });

  it('opens with the button, closes with Escape and gives focus back', async () => {
    renderMenu();
    const button = await screen.findByRole('button', { name: 'Notifications 2 unread' });
    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: /Your quotation is here \(2\) \(unread\)/ })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('marks an entry read when it is opened', async () => {
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications 2 unread' }));
    await userEvent.click(screen.getByRole('link', { name: /Your quotation is here/ }));
    expect(await screen.findByRole('heading', { name: 'Wishlist page' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/notification/n1/read')).toBe(true);
  });
});
