import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShellQueryProvider } from '../lib/query-provider';
import { resetUserState, type UserProfile, userStore } from '../lib/user-store';
import { aProfile, fakeApi, json } from '../test-support/fake-api';
import AdminLayout from './admin-layout';

const api = fakeApi();

beforeEach(() => {
  api.respond(({ path }) =>
    path.startsWith('/admin/contact_messages')
      ? json(200, { messages: [], page: 1, limit: 20, total: 3, unread: 3 })
      : path === '/admin/dashboard'
        ? json(200, { unreadChats: 1 })
        : json(200, {}),
  );
});
afterEach(() => {
  cleanup();
  resetUserState();
});

function renderAt(path: string, profile: Partial<UserProfile>) {
  const Stub = createRoutesStub([
    {
      Component: AdminLayout,
      children: [
        { path: '/admin/orders', Component: () => <h1>Orders page</h1> },
        { path: '/admin/settings', Component: () => <h1>Settings page</h1> },
      ],
    },
    { path: '/', Component: () => <h1>Home page</h1> },
  ]);
  userStore.set({ signedIn: true, tfaPassed: true, profileFetched: true, profile: aProfile(profile) });
  render(
    <ShellQueryProvider userId="u1">
      <Stub initialEntries={[path]} />
    </ShellQueryProvider>,
  );
}

const sections = () => within(screen.getByRole('navigation', { name: 'Back office' })).getAllByRole('link');

describe('the back-office layout', () => {
  it("shows an operator the operators' sections with the current one marked, and the page", async () => {
    renderAt('/admin/orders', { role: 'operator', tfaEnabled: true });
    expect(screen.getByRole('heading', { name: 'Orders page' })).toBeTruthy();
    expect(sections().map((link) => link.textContent?.replace(/ \d+ unread\d+$/, ''))).toEqual([
      'Dashboard',
      'Orders',
      'Quotations',
      'Catalogue',
      'Marketing',
      'Customers',
      'Messages',
    ]);
    const current = sections().filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.getAttribute('href'))).toEqual(['/admin/orders']);
    expect(screen.getByRole('main').textContent).toContain('Orders page');
  });

  it('says how many messages and chats are unread in words a screen reader reads as one name', async () => {
    renderAt('/admin/orders', { role: 'operator', tfaEnabled: true });
    expect(await screen.findByRole('link', { name: 'Messages 3 unread' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Orders 1 unread' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Quotations' })).toBeTruthy();
  });

  it('names who is signed in, links to the store and signs out', async () => {
    renderAt('/admin/orders', { role: 'operator', tfaEnabled: true, firstName: 'Mei', lastName: 'Tan' });
    expect(screen.getAllByText('Mei Tan').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Go to the store' })[0]?.getAttribute('href')).toBe('/');
    fireEvent.click(screen.getAllByRole('button', { name: 'Sign out' })[0] as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(userStore.get().signedIn).toBe(false);
  });

  it('shows no storefront search, wishlist or cart', () => {
    renderAt('/admin/orders', { role: 'operator', tfaEnabled: true });
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.queryByRole('link', { name: /Wishlist|Cart/ })).toBeNull();
  });

  it('opens the menu as a dialog on a phone, and closing it gives focus back to its button', async () => {
    renderAt('/admin/orders', { role: 'operator', tfaEnabled: true });
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(menu);
    const drawer = await screen.findByRole('dialog', { name: 'Back office menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    const orders = await within(drawer).findByRole('link', { name: 'Orders 1 unread' });
    expect(orders.getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close the menu' }));
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);
  });

  it('adds the settings, the staff and the audit log for an admin', () => {
    renderAt('/admin/settings', { role: 'admin', tfaEnabled: true });
    expect(screen.getByRole('heading', { name: 'Settings page' })).toBeTruthy();
    expect(
      sections()
        .map((link) => link.textContent)
        .slice(-3),
    ).toEqual(['Settings', 'Staff', 'Audit log']);
  });

  it("refuses an operator an admin's section", () => {
    renderAt('/admin/settings', { role: 'operator', tfaEnabled: true });
    expect(screen.getByRole('alert').textContent).toContain("This page is for the store's admins.");
    expect(screen.queryByRole('heading', { name: 'Settings page' })).toBeNull();
  });

  it('sends staff without two-factor to turn it on, and shows no section', () => {
    renderAt('/admin/orders', { role: 'admin', tfaEnabled: false });
    expect(screen.getByRole('alert').textContent).toContain('needs two-factor authentication');
    expect(screen.getByRole('link', { name: 'Turn it on in Security' }).getAttribute('href')).toBe(
      '/account/security',
    );
    expect(screen.queryByRole('heading', { name: 'Orders page' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
  });

  it('refuses a shopper', () => {
    renderAt('/admin/orders', { role: 'shopper' });
    expect(screen.getByRole('alert').textContent).toContain("This page is for the store's staff.");
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
  });
});
