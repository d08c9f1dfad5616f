import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearErrorSlots, getErrorSlot } from '../../../lib/error-slots';
import { REDIRECT_AFTER_SIGN_IN_KEY } from '../../../lib/redirect-to-sign-in';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { SignInForm } from './sign-in-form';

const api = fakeApi();

afterEach(() => {
  cleanup();
  resetUserState();
  clearErrorSlots();
  sessionStorage.clear();
});

function renderSignIn() {
  const Stub = createRoutesStub([
    { path: '/sign_in', Component: () => <SignInForm /> },
    { path: '/', Component: () => <h1>Home page</h1> },
    { path: '/cart', Component: () => <h1>Cart page</h1> },
    { path: '/tfa', Component: () => <h1>Two-factor prompt</h1> },
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
  it('says on each empty field what is missing, without calling the server', async () => {
    const user = userEvent.setup();
    renderSignIn();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please enter your email',
    );
    expect(document.getElementById(password.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please enter your password',
    );
    expect(screen.queryByText(/incorrect/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(email);
    expect(api.calls).toEqual([]);
  });

  it('checks the fields with the core schema before calling the server', async () => {
    renderSignIn();
    await fillAndSubmit('not-an-email', '');
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Invalid email',
    );
    expect(document.activeElement).toBe(email);
    expect(api.calls).toEqual([]);
  });

  it('shows the catalogue message from the sign-in error slot when the server refuses', async () => {
    api.respond(() => json(401, envelope('auth/wrong_email_or_password')));
    renderSignIn();
    await fillAndSubmit('mei@example.com', 'Secret-123');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your email and/or password is incorrect, please try again',
    );
    expect(getErrorSlot('signIn')?.code).toBe('auth/wrong_email_or_password');
    expect(api.calls).toHaveLength(1);
  });

  it('signs in, keeps the user from the answer and returns to the remembered page', async () => {
    sessionStorage.setItem(REDIRECT_AFTER_SIGN_IN_KEY, '/cart');
    const profile = aProfile();
    api.respond(() => json(200, { signedIn: true, tfaPassed: false, profile }));
    renderSignIn();
    await fillAndSubmit(' Mei@Example.com ', 'Secret-123', true);

    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeTruthy();
    expect(api.calls.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /auth/login']);
    expect(api.calls[0]?.body).toEqual({
      email: 'mei@example.com',
      password: 'Secret-123',
      rememberme: true,
    });
    expect(api.calls[0]?.headers.get('X-XSRF-TOKEN')).toBe('token');
    expect(userStore.get()).toEqual({ signedIn: true, tfaPassed: false, profile, profileFetched: true });
    expect(sessionStorage.getItem(REDIRECT_AFTER_SIGN_IN_KEY)).toBeNull();
  });

  it('asks for the two-factor code first when the account has it on, keeping the remembered page', async () => {
    sessionStorage.setItem(REDIRECT_AFTER_SIGN_IN_KEY, '/cart');
    api.respond(() =>
      json(200, { signedIn: true, tfaPassed: false, profile: aProfile({ tfaEnabled: true }) }),
    );
    renderSignIn();
    await fillAndSubmit('mei@example.com', 'Secret-123');

    expect(await screen.findByRole('heading', { name: 'Two-factor prompt' })).toBeTruthy();
    expect(sessionStorage.getItem(REDIRECT_AFTER_SIGN_IN_KEY)).toBe('/cart');
  });

  it('goes home when no page was remembered', async () => {
    api.respond(() => json(200, { signedIn: true, tfaPassed: true, profile: aProfile() }));
    renderSignIn();
    await fillAndSubmit('mei@example.com', 'Secret-123');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
  });
});
