import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { envelope, fakeApi, json } from '../../../test-support/fake-api';
import { DevMailbox } from './dev-mailbox';

const api = fakeApi();

afterEach(cleanup);

describe('DevMailbox', () => {
  it('lists the mail with its links clickable', async () => {
    api.respond(() =>
      json(200, {
        messages: [
          {
            id: 'm1',
            template: 'password_reset',
            to: 'mei@example.com',
            subject: 'Reset your Crossbuy password',
            text: 'To choose a new password, open:\nhttp://localhost:3000/reset_password?uid=u1&token=t\n\nBye.',
            html: '<p>…</p>',
            sentAt: '2026-11-21T08:05:09.000Z',
          },
        ],
      }),
    );
    render(<DevMailbox />);
    expect(await screen.findByRole('heading', { name: 'Reset your Crossbuy password' })).toBeTruthy();
    expect(screen.getByText(/^To mei@example.com/)).toBeTruthy();
    expect(screen.getByRole('link').getAttribute('href')).toBe(
      'http://localhost:3000/reset_password?uid=u1&token=t',
    );
    expect(api.calls[0]).toMatchObject({ method: 'GET', path: '/dev/mailbox' });
  });

  it('explains why the server shows no development mailbox', async () => {
    api.respond(() => json(404, envelope('general/not_found', ['/api/dev/mailbox'])));
    render(<DevMailbox />);
    expect(
      await screen.findByText(/only to a browser on the server's own machine that opens it as localhost/),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/only in development, when no SMTP_URL is set/);
  });
});
