import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { resetUserState, type UserProfile, userStore } from '../lib/user-store';
import { aProfile } from '../test-support/fake-api';
import AdminLayout from './admin-layout';

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
  ]);
  userStore.set({ signedIn: true, tfaPassed: true, profileFetched: true, profile: aProfile(profile) });
  render(<Stub initialEntries={[path]} />);
}

const sectionNames = () =>
  within(screen.getByRole('navigation', { name: 'Back office' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the back-office layout', () => {
  it("shows an operator the operators' sections, and the page", () => {
    renderAt('/admin/orders', { role: 'operator', tfaEnabled: true });
    expect(screen.getByRole('heading', { name: 'Orders page' })).toBeTruthy();
    expect(sectionNames()).toEqual([
      'Dashboard',
      'Orders',
      'Quotations',
      'Catalogue',
      'Marketing',
      'Customers',
      'Messages',
    ]);
    expect(screen.getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page');
  });

  it('adds the settings, the staff and the audit log for an admin', () => {
    renderAt('/admin/settings', { role: 'admin', tfaEnabled: true });
    expect(screen.getByRole('heading', { name: 'Settings page' })).toBeTruthy();
    expect(sectionNames().slice(-3)).toEqual(['Settings', 'Staff', 'Audit log']);
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
  });

  it('refuses a shopper', () => {
    renderAt('/admin/orders', { role: 'shopper' });
    expect(screen.getByRole('alert').textContent).toContain("This page is for the store's staff.");
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
  });
});
