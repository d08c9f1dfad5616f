import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { RECOVERY_CODES_FILE_NAME, recoveryCodesText } from './new-recovery-codes';
import { RecoveryCodes } from './recovery-codes';

const api = fakeApi();

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const CODES = Array.from({ length: 10 }, (_, index) => `WXYZ-2345-67${String(index).padStart(2, '0')}`);

function renderCodes({ remaining, tfaPassed = true }: { remaining: number; tfaPassed?: boolean }) {
  let left = remaining;
  let wrongPasswords = 1;
  api.respond(({ method, path }: ApiCall) => {
    if (path !== '/tfa/recovery_codes') return json(404, envelope('general/not_found'));
    if (method === 'GET') return json(200, { remaining: left });
    if (wrongPasswords > 0) {
      wrongPasswords -= 1;
      return json(400, envelope('auth/wrong_password'));
    }
    left = 10;
    return json(200, { recoveryCodes: CODES });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RecoveryCodes email="mei@example.com" tfaPassed={tfaPassed} />
    </QueryClientProvider>,
  );
}

describe('RecoveryCodes', () => {
  it('says how many codes are left, without a warning while there are plenty', async () => {
    renderCodes({ remaining: 8 });
    expect((await screen.findByTestId('recovery-codes-left')).textContent).toBe(
      'You have 8 of 10 recovery codes left.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns when few are left, and when none are', async () => {
    renderCodes({ remaining: 1 });
    expect((await screen.findByTestId('recovery-codes-left')).textContent).toBe(
      'You have 1 of 10 recovery code left.',
    );
    expect(screen.getByRole('alert').textContent).toMatch(/running out of recovery codes/);
    cleanup();
    renderCodes({ remaining: 0 });
    expect((await screen.findByTestId('recovery-codes-left')).textContent).toBe(
      'You have no recovery codes left.',
    );
    expect(screen.getByRole('alert').textContent).toMatch(/lock you out/);
  });

  it('makes new codes with the password, showing a wrong one on its field, then shows them once', async () => {
    const user = userEvent.setup();
    renderCodes({ remaining: 2 });
    await user.click(await screen.findByRole('button', { name: 'Make new recovery codes' }));
    const password = screen.getByLabelText('Password');
    await user.type(password, 'Wrong-pass-1');
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));
    expect(await screen.findByText('Your current password is incorrect')).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');

    await user.clear(password);
    await user.type(password, 'Shopper-pass-1');
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual(CODES);
    expect(api.calls.filter(({ method }) => method === 'POST').at(-1)?.body).toEqual({
      password: 'Shopper-pass-1',
    });

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect((await screen.findByTestId('recovery-codes-left')).textContent).toBe(
      'You have 10 of 10 recovery codes left.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks a session that has not passed two-factor to sign in with a code first', async () => {
    renderCodes({ remaining: 5, tfaPassed: false });
    expect(await screen.findByText(/sign in again with a code from your authenticator app/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make new recovery codes' })).toBeNull();
  });
});

describe('NewRecoveryCodes', () => {
  it('copies the codes, and downloads them as a text file', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const made: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      made.push(blob as Blob);
      return 'blob:codes';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    renderCodes({ remaining: 3 });
    await user.click(await screen.findByRole('button', { name: 'Make new recovery codes' }));
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Shopper-pass-1');
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));

    await user.click(await screen.findByRole('button', { name: 'Copy codes' }));
    expect(writeText).toHaveBeenCalledWith(recoveryCodesText(CODES, 'mei@example.com'));
    expect(screen.getByText('The codes are copied. Paste them somewhere safe.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Download as a text file' }));
    expect(clicked[0]?.download).toBe(RECOVERY_CODES_FILE_NAME);
    expect(await made[0]?.text()).toBe(recoveryCodesText(CODES, 'mei@example.com'));
  });

  it('puts what the codes are for above them in the file, one code a line', () => {
    const text = recoveryCodesText(['AAAA-BBBB-CCCC', 'DDDD-EEEE-FFFF'], 'mei@example.com');
    expect(text.split('\n').slice(0, 1)).toEqual(['Crossbuy recovery codes for mei@example.com']);
    expect(text).toMatch(/\nAAAA-BBBB-CCCC\nDDDD-EEEE-FFFF\n$/);
  });
});
