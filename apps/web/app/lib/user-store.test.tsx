import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type CurrentUser,
  markSigningOut,
  PageUserContext,
  resetUserState,
  setCurrentUser,
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

function Greeting() {
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
});
