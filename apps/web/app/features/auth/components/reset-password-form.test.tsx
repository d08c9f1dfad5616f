import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { envelope, fakeApi, json } from '../../../test-support/fake-api';
import { ResetPasswordForm } from './reset-password-form';

const api = fakeApi();

afterEach(cleanup);

function renderReset(uid: string, token: string) {
  const Stub = createRoutesStub([
    { path: '/reset_password', Component: () => <ResetPasswordForm uid={uid} token={token} /> },
  ]);
  render(<Stub initialEntries={['/reset_password']} />);
}

async function choose(password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New password'), password);
  await user.click(screen.getByRole('button', { name: 'Save new password' }));
}

describe('ResetPasswordForm', () => {
  it('says a link without its token cannot work', () => {
    renderReset('u1', '');
    expect(screen.getByRole('alert').textContent).toBe(
      'This password reset link is invalid. Please request forgot password again to get a new one',
    );
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/forgot_password',
    );
  });

  it('holds a new password to the password rule', async () => {
    renderReset('u1', 'tok');
    await choose('weak');
    expect(
      await screen.findByText(
        'Your new password must be at least 8 characters long and contain a lower-case letter, an upper-case letter and a number or symbol',
      ),
    ).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('offers a new link when this one has expired', async () => {
    api.respond(() => json(400, envelope('auth/password_reset_token_expired')));
    renderReset('u1', 'tok');
    await choose('Newer-123');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your password reset link has expired. Please request forgot password again to get a new one',
    );
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeTruthy();
  });

  it('sets the new password with the link and sends the shopper to sign in', async () => {
    api.respond(({ path }) =>
      path === '/auth/me'
        ? json(200, { signedIn: false, tfaPassed: false, profile: null })
        : json(200, { ok: true }),
    );
    renderReset('u1', 'tok');
    await choose('Newer-123');
    expect(await screen.findByRole('link', { name: 'Sign in with your new password' })).toBeTruthy();
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      path: '/auth/resetPassword',
      body: { uid: 'u1', resetPasswordToken: 'tok', password: 'Newer-123' },
    });
  });
});
