import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearErrorSlots, getErrorSlot } from '../../../lib/error-slots';
import { REDIRECT_AFTER_SIGN_IN_KEY } from '../../../lib/redirect-to-sign-in';
import { userStore } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { TfaPrompt } from './tfa-prompt';

const api = fakeApi();

afterEach(() => {
  cleanup();
  act(() => userStore.set(userStore.initial));
  clearErrorSlots();
  sessionStorage.clear();
});

const profile = aProfile({ tfaEnabled: true });

function renderPrompt() {
  userStore.set({ signedIn: true, tfaPassed: false, profileFetched: true, profile });
  const Stub = createRoutesStub([
    { path: '/tfa', Component: TfaPrompt },
    { path: '/', Component: () => <h1>Home page</h1> },
    { path: '/account/addresses', Component: () => <h1>Addresses page</h1> },
  ]);
  render(<Stub initialEntries={['/tfa']} />);
}

async function enterCode(code: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Authentication code'), code);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('TfaPrompt', () => {
  it('needs six digits before asking the server', async () => {
    renderPrompt();
    await enterCode('12345');
    expect(await screen.findByText('The two-factor authentication code is incorrect')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Authentication code'));
    expect(api.calls).toEqual([]);
  });

  it('keeps a refused code in the two-factor error slot and shows it on the field', async () => {
    api.respond(() => json(400, envelope('auth/tfa_wrong_code')));
    renderPrompt();
    await enterCode('123456');
    expect(await screen.findByText('The two-factor authentication code is incorrect')).toBeTruthy();
    expect(getErrorSlot('twoFactorVerification')?.code).toBe('auth/tfa_wrong_code');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a refusal about something else above the form', async () => {
    api.respond(() => json(429, envelope('general/rate_limited', ['120'])));
    renderPrompt();
    await enterCode('123456');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests, please try again in 120 seconds',
    );
  });

  it('continues to the page remembered before signing in once the code is accepted', async () => {
    sessionStorage.setItem(REDIRECT_AFTER_SIGN_IN_KEY, '/account/addresses');
    api.respond(() => json(200, { signedIn: true, tfaPassed: true, profile }));
    renderPrompt();
    await enterCode('123456');
    expect(await screen.findByRole('heading', { name: 'Addresses page' })).toBeTruthy();
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: '/tfa/verify', body: { token: '123456' } });
    expect(userStore.get().tfaPassed).toBe(true);
    expect(sessionStorage.getItem(REDIRECT_AFTER_SIGN_IN_KEY)).toBeNull();
  });

  it('takes a recovery code instead, however it is typed, and says when one is refused', async () => {
    let attempts = 0;
    api.respond(() => {
      attempts += 1;
      return attempts === 1
        ? json(400, envelope('auth/tfa_wrong_code'))
        : json(200, { signedIn: true, tfaPassed: true, profile });
    });
    const user = userEvent.setup();
    renderPrompt();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText('Recovery code');
    expect(document.activeElement).toBe(field);
    expect(screen.queryByLabelText('Authentication code')).toBeNull();

    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The two-factor authentication code is incorrect')).toBeTruthy();
    expect(api.calls).toEqual([]);

    await user.clear(field);
    await user.type(field, 'abcd efgh jkmn');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('This recovery code is not right, or it has already been used.'),
    ).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls[0]).toMatchObject({ path: '/tfa/verify', body: { token: 'abcd efgh jkmn' } });

    await user.clear(field);
    await user.type(field, 'ABCD-EFGH-JKMP');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(userStore.get().tfaPassed).toBe(true);
  });

  it('goes back to the authenticator code', async () => {
    renderPrompt();
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await userEvent.click(
      screen.getByRole('button', { name: 'Use a code from your authenticator app instead' }),
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Authentication code'));
  });

  it('mails a reset link for a lost authenticator', async () => {
    renderPrompt();
    await userEvent.click(screen.getByRole('button', { name: 'Email me a reset link' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'We emailed a link to mei@example.com. It works once.',
    );
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: '/tfa/requestReset' });
  });
});
