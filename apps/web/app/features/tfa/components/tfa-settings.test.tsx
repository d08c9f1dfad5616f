import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearErrorSlots } from '../../../lib/error-slots';
import { userStore, useUser } from '../../../lib/user-store';
import { type ApiCall, aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { groupedSecret, TfaSettings } from './tfa-settings';

const api = fakeApi();

afterEach(() => {
  cleanup();
  act(() => userStore.set(userStore.initial));
  clearErrorSlots();
});

const QR = 'data:image/png;base64,iVBORw0KGgo=';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';

const CODES = Array.from({ length: 10 }, (_, index) => `ABCD-EFGH-JK${String(index).padStart(2, '0')}`);

/** The page as the app shows it: always with the profile from the user store. */
function Settings() {
  const { profile, tfaPassed } = useUser();
  return profile ? <TfaSettings profile={profile} tfaPassed={tfaPassed} /> : null;
}

function renderSettings(tfaEnabled: boolean) {
  userStore.set({ signedIn: true, tfaPassed: true, profileFetched: true, profile: aProfile({ tfaEnabled }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Settings />
    </QueryClientProvider>,
  );
}

describe('TfaSettings', () => {
  it('sets two-factor up with the QR code and the key, turns it on with a code and shows the recovery codes once', async () => {
    api.respond(({ path }: ApiCall) => {
      if (path === '/tfa/setup')
        return json(200, { secret: SECRET, otpauthUrl: 'otpauth://totp/x', qrCode: QR });
      if (path === '/tfa/verify') {
        return json(200, {
          signedIn: true,
          tfaPassed: true,
          profile: aProfile({ tfaEnabled: true }),
          recoveryCodes: CODES,
        });
      }
      if (path === '/tfa/recovery_codes') return json(200, { remaining: 10 });
      return json(404, envelope('general/not_found'));
    });
    const user = userEvent.setup();
    renderSettings(false);
    expect(screen.getByText(/is/).textContent).toMatch(/Two-factor authentication is off/);

    await user.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    const qr = await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(qr.getAttribute('src')).toBe(QR);
    expect(screen.getByTestId('tfa-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');

    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByText(/Two-factor authentication is now on/)).toBeTruthy();
    expect(api.calls.slice(0, 2).map(({ path }) => path)).toEqual(['/tfa/setup', '/tfa/verify']);
    expect(api.calls[1]?.body).toEqual({ token: '123456' });

    const codes = screen.getByRole('list', { name: 'Recovery codes' });
    expect([...codes.querySelectorAll('li')].map((item) => item.textContent)).toEqual(CODES);
    expect(screen.queryByRole('button', { name: 'Turn off two-factor authentication' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Turn off two-factor authentication' })).toBeTruthy();
    expect((await screen.findByTestId('recovery-codes-left')).textContent).toBe(
      'You have 10 of 10 recovery codes left.',
    );
  });

  it('lets the shopper decline setup for now', async () => {
    api.respond(({ path }: ApiCall) =>
      path === '/auth/me'
        ? json(200, { signedIn: true, tfaPassed: true, profile: aProfile({ tfaSetupSkipped: true }) })
        : json(200, { ok: true }),
    );
    renderSettings(false);
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/We will not remind you again/);
    expect(api.calls.map(({ path }) => path)).toEqual(['/tfa/skip_setup', '/auth/me']);
    expect(screen.queryByRole('button', { name: 'Not now' })).toBeNull();
  });

  it('turns two-factor off with a current code, showing a wrong code on the field', async () => {
    let attempts = 0;
    api.respond(({ path }: ApiCall) => {
      if (path === '/tfa/recovery_codes') return json(200, { remaining: 10 });
      if (path === '/tfa/disable_tfa') {
        attempts += 1;
        return attempts === 1 ? json(400, envelope('auth/tfa_wrong_code')) : json(200, { ok: true });
      }
      return json(200, { signedIn: true, tfaPassed: false, profile: aProfile({ tfaEnabled: false }) });
    });
    const user = userEvent.setup();
    renderSettings(true);
    const code = screen.getByLabelText('Authentication code');

    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor authentication' }));
    expect(await screen.findByText('The two-factor authentication code is incorrect')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');

    await user.clear(code);
    await user.type(code, '222222');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor authentication' }));
    expect(await screen.findByText('Two-factor authentication is now off.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set up two-factor authentication' })).toBeTruthy();
  });

  it('groups the setup key in fours', () => {
    expect(groupedSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    expect(groupedSecret('ABCD')).toBe('ABCD');
  });
});
