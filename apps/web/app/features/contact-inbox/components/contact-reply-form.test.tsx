import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { ContactReplyForm } from './contact-reply-form';

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

const reply = {
  id: 'r1',
  body: 'Hi',
  repliedBy: { id: 'op', email: 'ops@example.com' },
  createdAt: '2026-11-23T00:00:00.000Z',
};
const keysSent = () => api.calls.map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);

function renderForm() {
  render(
    <ShellQueryProvider userId="op">
      <ContactReplyForm messageId="m1" to="mei@example.com" />
    </ShellQueryProvider>,
  );
}

describe('ContactReplyForm', () => {
  it('refuses an empty reply on the field without calling the server', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Your reply to mei@example.com/), '   ');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Please write a reply of 1 to 5000 characters')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/Your reply to/));
    expect(api.calls).toEqual([]);
  });

  it('sends a draft again under the same key after a failure, and a new draft under a new key', async () => {
    api.respond(() => json(503, envelope('general/unknown_error', ['down'])));
    renderForm();
    const user = userEvent.setup();
    const field = screen.getByLabelText(/Your reply to/);
    await user.type(field, ' It ships tomorrow. ');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByRole('alert')).toBeTruthy();

    api.respond(() => json(201, { reply }));
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Your reply is on its way to mei@example.com.')).toBeTruthy();
    expect((field as HTMLTextAreaElement).value).toBe('');
    expect(document.activeElement).toBe(field);
    expect(api.calls.map((call) => (call.body as { body: string }).body)).toEqual([
      'It ships tomorrow.',
      'It ships tomorrow.',
    ]);

    await user.type(field, 'One more thing.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await screen.findByText('Your reply is on its way to mei@example.com.');
    const [first, retry, next] = keysSent();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
    expect(api.calls.every((call) => call.path === '/admin/contact_messages/m1/replies')).toBe(true);
  });
});
