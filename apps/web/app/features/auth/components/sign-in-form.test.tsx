import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearErrorSlots } from '../../../lib/error-slots';
import { REDIRECT_AFTER_SIGN_IN_KEY } from '../../../lib/redirect-to-sign-in';
import { resetUserState, userStore } from '../../../lib/user-store';
import { SignInForm } from './sign-in-form';

type Handler = (url: string, init: RequestInit) => Response;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let handler: Handler;
const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
  handler(String(input), init),
);

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the API client reads
  document.cookie = 'XSRF-TOKEN=token; path=/';
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  resetUserState();
  clearErrorSlots();
  sessionStorage.clear();
});

function renderSignIn() {
  const Stub = createRoutesStub([
    { path: '/sign_in', Component: () => <SignInForm /> },
    { path: '/', Component: () => <h1>Home page</h1> },
    { path: '/cart', Component: () => <h1>Cart page</h1> },
  ]);
  render(<Stub initialEntries={['/sign_in']} />);
}

async function fillAndSubmit(email: string, password: string, remember = false) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (remember) await user.click(screen.getByLabelText('Remember me'));
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('SignInForm', () => {
  it('checks the fields before calling the server', async () => {
    renderSignIn();
    await fillAndSubmit('not-an-email', '');
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the catalogue message when the server refuses', async () => {
    handler = () =>
      json(401, { error: { code: 'auth/wrong_email_or_password', params: [], message: 'raw server text' } });
    renderSignIn();
    await fillAndSubmit('mei@example.com', 'Secret-123');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your email and/or password is incorrect, please try again',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('signs in, loads the user and returns to the remembered page', async () => {
    sessionStorage.setItem(REDIRECT_AFTER_SIGN_IN_KEY, '/cart');
    const profile = { id: 'u1', email: 'mei@example.com', firstName: 'Mei', lastName: 'Tan' };
    handler = (url) =>
      url === '/api/auth/me' ? json(200, { signedIn: true, tfaPassed: false, profile }) : json(200, {});
    renderSignIn();
    await fillAndSubmit(' mei@example.com ', 'Secret-123', true);

    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeTruthy();
    const [loginUrl, loginInit] = fetchMock.mock.calls[0] ?? [];
    expect(loginUrl).toBe('/api/auth/login');
    expect(JSON.parse(String(loginInit?.body))).toEqual({
      email: 'mei@example.com',
      password: 'Secret-123',
      rememberme: true,
    });
    expect(new Headers(loginInit?.headers).get('X-XSRF-TOKEN')).toBe('token');
    expect(userStore.get()).toEqual({ signedIn: true, tfaPassed: false, profile, profileFetched: true });
    expect(sessionStorage.getItem(REDIRECT_AFTER_SIGN_IN_KEY)).toBeNull();
  });

  it('goes home when no page was remembered', async () => {
    handler = (url) =>
      url === '/api/auth/me' ? json(200, { signedIn: true, tfaPassed: true, profile: null }) : json(200, {});
    renderSignIn();
    await fillAndSubmit('mei@example.com', 'Secret-123');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
  });
});
