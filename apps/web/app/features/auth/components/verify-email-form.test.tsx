import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('asks for a new code', async () => {
    api.respond(() => json(200, { ok: true }));
    renderVerify();
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'A new code is on its way to mei@example.com. Use the newest code you received.',
    );
    expect(api.calls[0]).toMatchObject({
      path: '/auth/resendVerifyCode',
      body: { email: 'mei@example.com' },
    });
  });

  it('says how many seconds to wait before another code, counting down, then offers it again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      api.respond(() => json(429, envelope('auth/resend_verify_code_rate_limit', ['3'])));
      renderVerify();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(screen.getByRole('button', { name: 'Send a new code' }));
      const notice = await screen.findByRole('alert');
      expect(notice.textContent).toBe(
        'Please wait 3 seconds3 seconds before requesting another verification code.',
      );
      const shown = () => notice.querySelector('[aria-hidden="true"]')?.textContent;
      const announced = () => notice.querySelector('.sr-only')?.textContent;
      const button = screen.getByRole('button', { name: 'Send a new code' }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);

      await act(() => vi.advanceTimersByTimeAsync(2000));
      expect(shown()).toBe('1 second');
      expect(announced()).toBe('3 seconds');
      expect(button.textContent).toBe('Send a new code (1 s)');

      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.queryByRole('alert')).toBeNull();
      expect(button.disabled).toBe(false);
      expect(button.textContent).toBe('Send a new code');
    } finally {
      vi.useRealTimers();
    }
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
