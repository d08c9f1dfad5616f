import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { REDIRECT_AFTER_SIGN_IN_KEY } from '../../../lib/redirect-to-sign-in';
import { userStore, useUser } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { VerifyEmailForm } from './verify-email-form';

const api = fakeApi();

afterEach(() => {
  cleanup();
  act(() => userStore.set(userStore.initial));
  sessionStorage.clear();
});

function Page() {
  const { profile } = useUser();
  return profile ? <VerifyEmailForm profile={profile} /> : null;
}

function renderVerify() {
  userStore.set({
    signedIn: true,
    tfaPassed: false,
    profileFetched: true,
    profile: aProfile({ emailVerified: false }),
  });
  const Stub = createRoutesStub([
    { path: '/verify_email', Component: Page },
    { path: '/cart', Component: () => <h1>Cart page</h1> },
  ]);
  render(<Stub initialEntries={['/verify_email']} />);
}

async function enterCode(code: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Verification code'), code);
  await user.click(screen.getByRole('button', { name: 'Verify email' }));
}

describe('VerifyEmailForm', () => {
  it('shows a refused code on the code field', async () => {
    api.respond(() => json(400, envelope('auth/invalid_email_verification_code')));
    renderVerify();
    expect(screen.getByText('mei@example.com')).toBeTruthy();
    await enterCode('123456');
    expect(await screen.findByText('The verification code is invalid or has expired')).toBeTruthy();
    expect(screen.getByLabelText('Verification code').getAttribute('aria-invalid')).toBe('true');
  });

  it('confirms the email and then continues to the remembered page', async () => {
    sessionStorage.setItem(REDIRECT_AFTER_SIGN_IN_KEY, '/cart');
    api.respond(() => json(200, { user: aProfile({ emailVerified: true }) }));
    renderVerify();
    await enterCode('654321');
    expect((await screen.findByRole('status')).textContent).toBe('Your email address is verified.');
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      path: '/auth/verifyEmail',
      body: { code: '654321' },
    });
    expect(userStore.get().profile?.emailVerified).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Continue shopping' }));
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeTruthy();
  });

  it('asks for a new code, without promising a mail sent within the minute', async () => {
    api.respond(() => json(200, { ok: true }));
    renderVerify();
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'A new code is on its way to mei@example.com, unless we sent you one less than a minute ago. Use the newest code you received.',
    );
    expect(api.calls[0]).toMatchObject({
      path: '/auth/resendVerifyCode',
      body: { email: 'mei@example.com' },
    });
  });

  it('says how long to wait when this address asked too often', async () => {
    api.respond(() => json(429, envelope('general/rate_limited', ['1200'])));
    renderVerify();
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests, please try again in 1200 seconds',
    );
  });
});
