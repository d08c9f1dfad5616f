import type { StaffList } from '@crossbuy/core/staff';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { StaffInvitationAcceptance } from './staff-invitation-acceptance';
import { StaffPage } from './staff-page';

const api = fakeApi();
const me = aProfile({ id: 'admin1', email: 'boss@example.com', role: 'admin', tfaEnabled: true });

beforeEach(() => {
  userStore.set({ signedIn: true, tfaPassed: true, profileFetched: true, profile: me });
});
afterEach(() => {
  cleanup();
  resetUserState();
});

const list: StaffList = {
  staff: [
    {
      id: 'admin1',
      email: 'boss@example.com',
      name: 'Bo Ss',
      role: 'admin',
      tfaEnabled: true,
      lastSignInAt: '2026-11-23T08:00:00.000Z',
    },
    {
      id: 'op1',
      email: 'ops@example.com',
      name: 'Op Era',
      role: 'operator',
      tfaEnabled: false,
      lastSignInAt: null,
    },
  ],
  invitations: [
    {
      id: 'inv1',
      email: 'soon@example.com',
      invitedBy: 'boss@example.com',
      createdAt: '2026-11-20T00:00:00.000Z',
      expiresAt: '2026-11-27T00:00:00.000Z',
      expired: false,
    },
  ],
};

function renderAt(path: string, element: React.ReactNode) {
  const Stub = createRoutesStub([
    { path: '/admin/staff', Component: () => element },
    { path: '/staff_invitation', Component: () => element },
    { path: '/sign_in', Component: () => <p>Sign-in page</p> },
  ]);
  render(
    <ShellQueryProvider userId="admin1">
      <Stub initialEntries={[path]} />
    </ShellQueryProvider>,
  );
}

describe('StaffPage', () => {
  it('lists the staff and the open invitations; nobody can change their own role', async () => {
    api.respond(() => json(200, list));
    renderAt('/admin/staff', <StaffPage me={me} />);
    const members = await screen.findByRole('table', { name: "The store's operators and admins" });
    const [, mine, theirs] = within(members).getAllByRole('row');
    expect(
      within(mine as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Bo Ssboss@example.com', 'Admin', 'On', '23/11/2026 16:00:00', 'You']);
    expect(within(theirs as HTMLElement).getByRole('button', { name: 'Make admin' })).toBeTruthy();
    expect(within(theirs as HTMLElement).getAllByRole('cell')[2]?.textContent).toBe('Not set up');
    const invitations = screen.getByRole('table', { name: /Invitations not yet accepted/ });
    expect(within(invitations).getByText('soon@example.com')).toBeTruthy();
  });

  it('asks before taking the role away, then says it is done', async () => {
    api.respond(() => json(200, list));
    renderAt('/admin/staff', <StaffPage me={me} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove from staff' }));
    expect(screen.getByRole('alert').textContent).toMatch(/Remove ops@example.com from the staff\?/);
    expect(document.activeElement?.textContent).toBe('Keep on the staff');
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    api.respond((call) =>
      call.method === 'POST' ? json(200, { user: { id: 'op1', role: 'shopper' } }) : json(200, list),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText('ops@example.com is no longer on the staff.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Staff' }));
    expect(api.calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/admin/staff/op1/role',
      body: { role: 'shopper' },
    });
  });

  it('invites by email and shows a refusal beside the field', async () => {
    api.respond((call) =>
      call.method === 'POST'
        ? json(400, envelope('staff/already_staff', ['ops@example.com']))
        : json(200, list),
    );
    renderAt('/admin/staff', <StaffPage me={me} />);
    await userEvent.type(await screen.findByLabelText('Email address'), 'ops@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText("ops@example.com is already on the store's staff")).toBeTruthy();
    expect(screen.getByLabelText('Email address').getAttribute('aria-invalid')).toBe('true');

    api.respond((call) =>
      call.method === 'POST'
        ? json(201, { invitation: { ...list.invitations[0], email: 'new@example.com' } })
        : json(200, list),
    );
    await userEvent.clear(screen.getByLabelText('Email address'));
    await userEvent.type(screen.getByLabelText('Email address'), 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('An invitation was mailed to new@example.com.')).toBeTruthy();
  });
});

describe('StaffInvitationAcceptance', () => {
  it('asks a visitor to sign in and remembers to come back', async () => {
    userStore.set({ signedIn: false, tfaPassed: false, profileFetched: true, profile: null });
    renderAt('/staff_invitation?token=abc', <StaffInvitationAcceptance token="abc" />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
  });

  it('accepts with the signed-in account, or says whose invitation it is', async () => {
    renderAt('/staff_invitation?token=abc', <StaffInvitationAcceptance token="abc" />);
    api.respond(() => json(403, envelope('staff_invitation/wrong_account', ['soon@example.com'])));
    await userEvent.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invitation was sent to soon@example.com; please sign in with that email address to accept it',
    );
    api.respond((call) =>
      call.path === '/auth/me'
        ? json(200, { signedIn: true, tfaPassed: true, profile: { ...me, role: 'operator' } })
        : json(200, { role: 'operator' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    expect((await screen.findByRole('status')).textContent).toContain('you are now an operator');
    expect(screen.getByRole('link', { name: 'Open the back office' }).getAttribute('href')).toBe('/admin');
    expect(api.calls.find((call) => call.path === '/staff_invitations/accept')?.body).toEqual({
      token: 'abc',
    });
    // The account is read again, so its menu offers the back office.
    await vi.waitFor(() => expect(userStore.get().profile?.role).toBe('operator'));
  });
});
