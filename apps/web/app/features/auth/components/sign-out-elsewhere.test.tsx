import { formatErrorMessage } from '@crossbuy/core/errors';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { envelope, fakeApi, json } from '../../../test-support/fake-api';
import { SignOutElsewhere } from './sign-out-elsewhere';

const api = fakeApi();

afterEach(cleanup);

function renderSection() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SignOutElsewhere />
    </QueryClientProvider>,
  );
}

const button = () => screen.getByRole('button', { name: 'Sign out on all other devices' });

describe('SignOutElsewhere', () => {
  it('says how many other devices were signed out', async () => {
    api.respond(() => json(200, { endedSessions: 2 }));
    renderSection();
    await userEvent.click(button());
    expect((await screen.findByRole('status')).textContent).toBe(
      'You have been signed out on 2 other devices.',
    );
    expect(api.calls.at(-1)).toMatchObject({ method: 'POST', path: '/auth/signOutElsewhere' });
  });

  it('says so when no other device was signed in, and counts one device as one', async () => {
    api.respond(() => json(200, { endedSessions: 0 }));
    renderSection();
    await userEvent.click(button());
    expect((await screen.findByRole('status')).textContent).toBe(
      'No other device was signed in to your account.',
    );
    api.respond(() => json(200, { endedSessions: 1 }));
    await userEvent.click(button());
    expect((await screen.findByText('You have been signed out on 1 other device.')).textContent).toBeTruthy();
  });

  it('shows the catalogue message when the store refuses', async () => {
    api.respond(() => json(429, envelope('general/rate_limited', ['60'])));
    renderSection();
    await userEvent.click(button());
    expect((await screen.findByRole('alert')).textContent).toBe(
      formatErrorMessage('general/rate_limited', ['60']),
    );
  });
});
