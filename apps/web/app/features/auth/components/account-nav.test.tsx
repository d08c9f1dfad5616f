import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { getErrorSlot, setErrorSlot } from '../../../lib/error-slots';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, fakeApi, json } from '../../../test-support/fake-api';
import { AccountNav } from './account-nav';

const api = fakeApi();

afterEach(() => {
  cleanup();
  resetUserState();
});

function renderSignedIn(role: 'shopper' | 'operator' | 'admin' = 'shopper') {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <h1>Home page</h1> },
    {
      path: '/account',
      Component: () => (
        <>
          <AccountNav />
          <h1>Account page</h1>
        </>
      ),
    },
    { path: '/account/security', Component: () => <h1>Security page</h1> },
  ]);
  render(<Stub initialEntries={['/account']} />);
  act(() =>
    userStore.set({ signedIn: true, tfaPassed: true, profileFetched: true, profile: aProfile({ role }) }),
  );
  return screen.getByRole('button', { name: 'Account menu for Mei' });
}

const itemNames = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

describe('AccountNav', () => {
  it('opens the menu from the keyboard and moves through it with the arrow keys', async () => {
    const user = userEvent.setup();
    const button = renderSignedIn();
    expect(button.getAttribute('aria-expanded')).toBe('false');

    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('menu', { name: 'Your account' })).toBeTruthy();
    expect(itemNames()).toEqual([
      'Your profile',
      'Security',
      'Addresses',
      'Quotations',
      'Orders',
      'Sign out',
    ]);
    expect(document.activeElement?.textContent).toBe('Your profile');

    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Security');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Sign out');
    await user.keyboard('{Home}');
    expect(document.activeElement?.textContent).toBe('Your profile');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('leads the staff, and only them, to the back office', async () => {
    const user = userEvent.setup();
    for (const role of ['admin', 'operator'] as const) {
      await user.click(renderSignedIn(role));
      expect(screen.getByRole('menuitem', { name: 'Back office' }).getAttribute('href')).toBe('/admin');
      cleanup();
    }
    await user.click(renderSignedIn('shopper'));
    expect(itemNames()).not.toContain('Back office');
  });

  it('follows a menu link with Enter', async () => {
    const user = userEvent.setup();
    const button = renderSignedIn();
    button.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByRole('heading', { name: 'Security page' })).toBeTruthy();
  });

  it('signs out: ends the session, resets all user state and goes to the home page', async () => {
    api.respond(() => json(204));
    const user = userEvent.setup();
    const button = renderSignedIn();
    setErrorSlot('profileUpdate', new Error('an earlier failure'));

    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(api.calls.map(({ method, path }) => `${method} ${path}`)).toEqual(['DELETE /auth/logout']);
    expect(userStore.get()).toEqual({
      signedIn: false,
      tfaPassed: false,
      profile: null,
      profileFetched: true,
      leftByChoice: true,
    });
    expect(getErrorSlot('profileUpdate')).toBeNull();
  });

  it('is nobody while signing out, so the home page loads nothing for the departing account', async () => {
    let answerLogout: (response: Response) => void = () => undefined;
    api.respond(() => new Promise<Response>((resolve) => (answerLogout = resolve)));
    const user = userEvent.setup();
    const button = renderSignedIn();

    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(userStore.get()).toMatchObject({ signedIn: false, profileFetched: false });
    await act(async () => answerLogout(json(204)));
    expect(userStore.get()).toMatchObject({ signedIn: false, profileFetched: true });
  });
});
