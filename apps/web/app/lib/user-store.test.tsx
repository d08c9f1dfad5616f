import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type CurrentUser,
  markSigningOut,
  PageUserContext,
  resetUserState,
  sameUserState,
  setCurrentUser,
  type UserProfile,
  type UserState,
  userStore,
  useUser,
} from './user-store';

afterEach(() => {
  cleanup();
  userStore.set(userStore.initial);
});

const pageUser: CurrentUser = {
  signedIn: true,
  tfaPassed: false,
  profile: { firstName: 'Mei' } as CurrentUser['profile'],
};

let greetingRenders = 0;

function Greeting() {
  greetingRenders += 1;
  const { signedIn, profile } = useUser();
  return <p>{signedIn ? `Hello ${profile?.firstName}` : 'Sign in'}</p>;
}

const page = (
  <PageUserContext value={pageUser}>
    <Greeting />
  </PageUserContext>
);

describe('useUser', () => {
  it("shows the page's user in the server's HTML", () => {
    expect(renderToString(page)).toContain('Hello Mei');
    expect(renderToString(<Greeting />)).toContain('Sign in');
  });

  it("shows the page's user until the store is first set, then the store", () => {
    render(page);
    expect(screen.getByText('Hello Mei')).toBeTruthy();
    act(() => setCurrentUser({ ...pageUser, profile: { firstName: 'May' } as CurrentUser['profile'] }));
    expect(screen.getByText('Hello May')).toBeTruthy();
  });

  it("never lets the page's user stand in once a sign-out has begun or ended", () => {
    render(page);
    act(() => markSigningOut());
    expect(screen.getByText('Sign in')).toBeTruthy();
    act(() => resetUserState());
    expect(screen.getByText('Sign in')).toBeTruthy();
  });

  it('does not render again when the store is set to the user already shown', () => {
    render(page);
    const rendersAtStart = greetingRenders;
    act(() => setCurrentUser(pageUser));
    act(() => setCurrentUser({ ...pageUser, profile: { firstName: 'Mei' } as CurrentUser['profile'] }));
    expect(greetingRenders).toBe(rendersAtStart);
    act(() => setCurrentUser({ ...pageUser, tfaPassed: true }));
    expect(greetingRenders).toBe(rendersAtStart + 1);
  });
});

describe('sameUserState', () => {
  const profile = { id: 'u1', firstName: 'Mei', phoneNumber: null } as unknown as UserProfile;
  const state: UserState = { signedIn: true, tfaPassed: true, profile, profileFetched: true };

  it('compares the session flags and the profile field by field', () => {
    expect(sameUserState(state, { ...state, profile: { ...profile } })).toBe(true);
    expect(sameUserState(state, { ...state, signedIn: false })).toBe(false);
    expect(sameUserState(state, { ...state, tfaPassed: false })).toBe(false);
    expect(sameUserState(state, { ...state, profileFetched: false })).toBe(false);
    expect(sameUserState(state, { ...state, leftByChoice: true })).toBe(false);
    expect(sameUserState(state, { ...state, profile: null })).toBe(false);
    expect(sameUserState(state, { ...state, profile: { ...profile, firstName: 'May' } })).toBe(false);
    expect(sameUserState(state, { ...state, profile: { ...profile, phoneNumber: '+65 8123 4567' } })).toBe(
      false,
    );
  });
});
