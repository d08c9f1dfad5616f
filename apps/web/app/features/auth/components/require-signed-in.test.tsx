import { act, cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearErrorSlots, setErrorSlot } from '../../../lib/error-slots';
import { REDIRECT_AFTER_SIGN_IN_KEY } from '../../../lib/redirect-to-sign-in';
import { resetUserState, type UserState, userStore } from '../../../lib/user-store';
import { aProfile } from '../../../test-support/fake-api';
import { RequireSignedIn } from './require-signed-in';

afterEach(() => {
  cleanup();
  act(() => userStore.set(userStore.initial));
  clearErrorSlots();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

function renderGuarded(state: UserState, twoFactor?: boolean) {
  userStore.set(state);
  // The helper remembers the browser's own location, as it does in the app.
  window.history.replaceState(null, '', '/account/addresses?edit=a1#form');
  const Stub = createRoutesStub([
    {
      path: '/account/addresses',
      Component: () => (
        <RequireSignedIn twoFactor={twoFactor}>
          {(profile) => <h1>Addresses of {profile.firstName}</h1>}
        </RequireSignedIn>
      ),
    },
    { path: '/sign_in', Component: () => <h1>Sign-in page</h1> },
    { path: '/tfa', Component: () => <h1>Two-factor prompt</h1> },
    { path: '/', Component: () => <h1>Home page</h1> },
  ]);
  render(<Stub initialEntries={['/account/addresses?edit=a1#form']} />);
}

const signedIn = (overrides: Partial<UserState> = {}): UserState => ({
  signedIn: true,
  tfaPassed: false,
  profileFetched: true,
  profile: aProfile(),
  ...overrides,
});

describe('RequireSignedIn', () => {
  it('waits for the current user before deciding', () => {
    renderGuarded(userStore.initial);
    expect(screen.getByRole('status').textContent).toBe('Loading your account…');
  });

  it('sends a visitor to sign in, remembering the path, query and hash', async () => {
    renderGuarded({ signedIn: false, tfaPassed: false, profile: null, profileFetched: true });
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeTruthy();
    expect(sessionStorage.getItem(REDIRECT_AFTER_SIGN_IN_KEY)).toBe('/account/addresses?edit=a1#form');
  });

  it('sends a shopper who signs out while the page is on screen home, not to sign in again', async () => {
    renderGuarded(signedIn());
    expect(screen.getByRole('heading', { name: 'Addresses of Mei' })).toBeTruthy();
    act(() => resetUserState({ leftByChoice: true }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(sessionStorage.getItem(REDIRECT_AFTER_SIGN_IN_KEY)).toBeNull();
  });

  it('asks a visitor who signed out earlier to sign in on a page opened afterwards', async () => {
    resetUserState({ leftByChoice: true });
    renderGuarded(userStore.get());
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeTruthy();
  });

  it('sends a shopper whose session ended by itself to sign in, to come back to the page', async () => {
    renderGuarded(signedIn());
    act(() => resetUserState());
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeTruthy();
    expect(sessionStorage.getItem(REDIRECT_AFTER_SIGN_IN_KEY)).toBe('/account/addresses?edit=a1#form');
  });

  it('shows the page to a signed-in shopper', () => {
    renderGuarded(signedIn());
    expect(screen.getByRole('heading', { name: 'Addresses of Mei' })).toBeTruthy();
  });

  it('asks for the two-factor code first when the account has it on', async () => {
    renderGuarded(signedIn({ profile: aProfile({ tfaEnabled: true }) }));
    expect(await screen.findByRole('heading', { name: 'Two-factor prompt' })).toBeTruthy();
    expect(sessionStorage.getItem(REDIRECT_AFTER_SIGN_IN_KEY)).toBe('/account/addresses?edit=a1#form');
  });

  it('lets a page that helps with two-factor through without the code', () => {
    renderGuarded(signedIn({ profile: aProfile({ tfaEnabled: true }) }), false);
    expect(screen.getByRole('heading', { name: 'Addresses of Mei' })).toBeTruthy();
  });

  it('says when the current user could not be loaded', () => {
    setErrorSlot('currentUser', new Error('Network down'));
    renderGuarded(userStore.initial);
    expect(screen.getByRole('alert').textContent).toBe('We could not load your account: Network down');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
