import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, fakeApi, json } from '../../../test-support/fake-api';
import { ContactInbox, inboxFilterFrom } from './contact-inbox';

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

const unread = {
  id: 'm2',
  name: 'Aiko Tanaka',
  email: 'aiko@example.jp',
  excerpt: 'Can you buy a rice cooker for me?',
  read: false,
  repliedAt: null,
  createdAt: '2026-11-23T09:00:00.000Z',
};
const answered = {
  ...unread,
  id: 'm1',
  name: 'Wei Lim',
  email: 'wei@example.com',
  read: true,
  repliedAt: '2026-11-22T10:00:00.000Z',
};

function renderAt(path: string) {
  function Route() {
    const [search] = useSearchParams();
    return <ContactInbox status={inboxFilterFrom(search)} page={1} />;
  }
  const Stub = createRoutesStub([{ path: '/admin/messages', Component: Route }]);
  render(
    <ShellQueryProvider userId="op">
      <Stub initialEntries={[path]} />
    </ShellQueryProvider>,
  );
}

describe('ContactInbox', () => {
  it('marks unread messages in words, shows answered ones, and counts the unread', async () => {
    api.respond(() => json(200, { messages: [unread, answered], page: 1, limit: 20, total: 2, unread: 1 }));
    renderAt('/admin/messages');
    const list = await screen.findByRole('list', { name: 'Messages 1 to 2 of 2, newest first' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first as HTMLElement).getByRole('link').textContent).toBe('Unread: Aiko Tanaka');
    expect(
      within(first as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/admin/messages/m2');
    expect(within(second as HTMLElement).getByRole('link').textContent).toBe('Wei Lim');
    expect(second?.textContent).toContain('Answered');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Messages 1 unread');
    expect(api.calls.map((call) => call.path)).toEqual(['/admin/contact_messages?page=1&limit=20']);
  });

  it('asks for the filter the URL names, marks it current, and says when nothing is there', async () => {
    api.respond(() => json(200, { messages: [], page: 1, limit: 20, total: 0, unread: 0 }));
    renderAt('/admin/messages?status=unanswered');
    expect(await screen.findByText('No message here.')).toBeTruthy();
    expect(api.calls.at(-1)?.path).toBe('/admin/contact_messages?page=1&limit=20&status=unanswered');
    const current = screen.getByRole('link', { name: 'Not answered' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'All' }).getAttribute('href')).toBe('/admin/messages');
    expect(inboxFilterFrom(new URLSearchParams('status=read'))).toBeNull();
  });
});
