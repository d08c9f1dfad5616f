import type { CustomerDetail } from '@crossbuy/core/customer';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { CustomerBlacklisting } from './customer-blacklisting';
import { customerFilterFrom } from './customer-list';

const api = fakeApi();

beforeEach(() => {
  userStore.set({
    signedIn: true,
    tfaPassed: true,
    profileFetched: true,
    profile: aProfile({ role: 'operator' }),
  });
});
afterEach(() => {
  cleanup();
  resetUserState();
});

const customer: CustomerDetail = {
  id: 'c1',
  email: 'kenji@example.jp',
  firstName: 'Kenji',
  lastName: 'Sato',
  phoneNumber: null,
  country: null,
  birthDate: null,
  gender: null,
  status: 'active',
  emailVerified: true,
  tfaEnabled: false,
  acceptedTermsAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  blacklisting: null,
  addresses: [],
  orders: [],
  orderCount: 0,
  quotations: [],
  quotationCount: 0,
};

function renderFor(shown: CustomerDetail) {
  render(
    <ShellQueryProvider userId="op">
      <CustomerBlacklisting customer={shown} />
    </ShellQueryProvider>,
  );
}

describe('CustomerBlacklisting', () => {
  it('asks first, saying the sessions end at once, and going back blacklists nobody', async () => {
    renderFor(customer);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Blacklist this customer' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Blacklist kenji@example.jp? Every session of theirs ends at once, and they cannot sign in until the blacklisting is lifted.',
    );
    expect(document.activeElement?.textContent).toBe('Keep the account');
    await user.keyboard('{Enter}');
    expect(api.calls).toEqual([]);
    expect(document.activeElement?.textContent).toBe('Blacklist this customer');
  });

  it('blacklists on the answer and says so', async () => {
    api.respond(() => json(200, { user: { id: 'c1', blacklisted: true } }));
    renderFor(customer);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Blacklist this customer' }));
    await user.click(screen.getByRole('button', { name: 'Yes, blacklist them' }));
    const outcome = await screen.findByText('kenji@example.jp is blacklisted and signed out everywhere.');
    expect(document.activeElement).toBe(outcome);
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toContain(
      'POST /admin/users/c1/blacklist',
    );
  });

  it('names who blacklisted and when, lifts it after asking, and shows a refusal in catalogue words', async () => {
    api.respond(() => json(403, envelope('auth/not_authorized')));
    renderFor({
      ...customer,
      status: 'blacklisted',
      blacklisting: { at: '2026-11-20T08:30:00.000Z', by: { id: 'op9', email: 'ops@crossbuy.example' } },
    });
    expect(screen.getByTestId('blacklisting').textContent).toContain(
      'Blacklisted on 20/11/2026 16:30:00 Singapore time by ops@crossbuy.example.',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Lift the blacklisting' }));
    await user.click(screen.getByRole('button', { name: 'Yes, lift it' }));
    expect(await screen.findByText('You are not authorized to perform this action')).toBeTruthy();
    expect(api.calls.at(-1)?.path).toBe('/admin/users/c1/unblacklist');
  });
});

describe('customerFilterFrom', () => {
  it('reads the search and a known status from the URL, and drops the rest', () => {
    expect(customerFilterFrom(new URLSearchParams('q=%20mei%20&status=blacklisted'))).toEqual({
      q: 'mei',
      status: 'blacklisted',
    });
    expect(customerFilterFrom(new URLSearchParams('q=&status=staff'))).toEqual({ q: null, status: null });
    expect(customerFilterFrom(new URLSearchParams(`q=${'x'.repeat(150)}`)).q).toHaveLength(100);
  });
});
