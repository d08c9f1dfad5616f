import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import type { AuditEntry } from '../api/audit-api';
import { AuditLog, isAuditSubjectType } from './audit-log';

const api = fakeApi();

beforeEach(() => {
  userStore.set({
    signedIn: true,
    tfaPassed: true,
    profileFetched: true,
    profile: aProfile({ role: 'admin' }),
  });
});
afterEach(() => {
  cleanup();
  resetUserState();
});

const blacklisting: AuditEntry = {
  id: 'a2',
  actor: { id: 'op1', email: 'operator@example.com' },
  action: 'user.blacklist',
  subject: { type: 'user', id: 'u9', name: 'Mei Tan' },
  before: { blacklistedAt: null },
  after: { blacklistedAt: '2026-11-23T10:00:00.000Z' },
  createdAt: '2026-11-23T10:00:00.000Z',
};
const declining: AuditEntry = {
  id: 'a1',
  actor: { id: 'op1', email: 'operator@example.com' },
  action: 'quotation_item.decline',
  subject: { type: 'quotation_item', id: 'q7', name: null },
  before: { status: 'p', declineReason: null, quotedPrice: null },
  after: { status: 'd', declineReason: 'Sold out', quotedPrice: null },
  createdAt: '2026-11-22T09:30:05.000Z',
};

/** The log at `path`, as its route reads the URL. */
function renderAt(path: string) {
  function Route() {
    const [search] = useSearchParams();
    const type = search.get('subjectType');
    return (
      <AuditLog
        filter={{
          subjectType: isAuditSubjectType(type) ? type : null,
          subjectId: search.get('subjectId'),
          about: search.get('about'),
        }}
        page={Number(search.get('page') ?? 1)}
      />
    );
  }
  const Stub = createRoutesStub([{ path: '/admin/audit_log', Component: Route }]);
  render(
    <ShellQueryProvider userId="admin">
      <Stub initialEntries={[path]} />
    </ShellQueryProvider>,
  );
}

describe('AuditLog', () => {
  it('shows each change newest first: when, who, what was changed, and each changed field before and after', async () => {
    api.respond(() => json(200, { entries: [blacklisting, declining], page: 1, limit: 50, total: 2 }));
    renderAt('/admin/audit_log');
    expect(screen.getByRole('status').textContent).toBe('Loading the audit log…');

    const table = await screen.findByRole('table', { name: 'Changes 1 to 2 of 2, newest first' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '23/11/2026 18:00:00',
      'operator@example.com',
      'Blacklisted an accountAccount Mei Tan',
      'blacklistedAt: none → 2026-11-23T10:00:00.000Z',
    ]);
    // Fields the change left as they were are not listed.
    expect(
      within(second as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['status: p → d', 'declineReason: none → Sold out']);
    expect(
      within(second as HTMLElement)
        .getByRole('link', { name: 'since removed' })
        .getAttribute('href'),
    ).toBe('/admin/audit_log?subjectType=quotation_item&subjectId=q7');
    expect(api.calls.map((call) => call.path)).toEqual(['/admin/audit_log?page=1&limit=50']);
  });

  it("shows a shopper's change of a quoted request: the shopper, and the request and quote before and after", async () => {
    const changing: AuditEntry = {
      id: 'a3',
      actor: { id: 's1', email: 'shopper@example.com' },
      action: 'quotation_item.shopper_change',
      subject: { type: 'quotation_item', id: 'q8', name: 'Seiko Presage watch' },
      before: {
        quantity: 1,
        instructions: 'steel strap, size M',
        status: 'r',
        quotedPrice: { SG: { amountMinor: 32_000, currency: 'SGD' } },
        expiresAt: '2026-11-30T10:00:00.000Z',
        declineReason: null,
      },
      after: {
        quantity: 999,
        instructions: '18k gold edition',
        status: 'p',
        quotedPrice: null,
        expiresAt: null,
        declineReason: null,
      },
      createdAt: '2026-11-24T08:00:00.000Z',
    };
    api.respond(() => json(200, { entries: [changing], page: 1, limit: 50, total: 1 }));
    renderAt('/admin/audit_log');
    const table = await screen.findByRole('table');
    const [, row] = within(table).getAllByRole('row');
    const cells = within(row as HTMLElement).getAllByRole('cell');
    expect(cells.slice(1, 3).map((cell) => cell.textContent)).toEqual([
      'shopper@example.com',
      'Shopper changed a quotation requestQuotation item Seiko Presage watch',
    ]);
    expect(
      within(row as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'quantity: 1 → 999',
      'instructions: steel strap, size M → 18k gold edition',
      'status: r → p',
      'quotedPrice: {"SG":{"amountMinor":32000,"currency":"SGD"}} → none',
      'expiresAt: 2026-11-30T10:00:00.000Z → none',
    ]);
  });

  it('finds changes by what operators call them, by keyboard, and says plainly when nothing matches', async () => {
    api.respond(() => json(200, { entries: [], page: 1, limit: 50, total: 0 }));
    renderAt('/admin/audit_log');
    expect(await screen.findByText('Nothing has been changed yet.')).toBeTruthy();

    const user = userEvent.setup();
    const about = screen.getByRole('searchbox', { name: 'Order, person, product or code' });
    expect(about.getAttribute('aria-describedby')).toBeTruthy();
    const hint = document.getElementById(about.getAttribute('aria-describedby')?.split(' ')[0] ?? '');
    expect(hint?.textContent).toContain('An order reference such as CB-7K2M9QXA, a name or email');
    await user.selectOptions(screen.getByLabelText('Changed'), 'order');
    await user.type(about, 'CB-7K2M 9QXA{Enter}');
    expect(
      await screen.findByText(
        'No change is about anything called “CB-7K2M 9QXA” among orders. Check the spelling, or try part of the name, the whole order reference or an email.',
      ),
    ).toBeTruthy();
    expect(api.calls.at(-1)?.path).toBe(
      '/admin/audit_log?page=1&limit=50&subjectType=order&about=CB-7K2M+9QXA',
    );
    expect(screen.getByRole('link', { name: 'Show everything' }).getAttribute('href')).toBe(
      '/admin/audit_log',
    );

    api.respond(() => json(200, { entries: [blacklisting], page: 1, limit: 50, total: 1 }));
    await user.selectOptions(screen.getByLabelText('Changed'), '');
    await user.clear(screen.getByRole('searchbox', { name: 'Order, person, product or code' }));
    await user.type(screen.getByRole('searchbox', { name: 'Order, person, product or code' }), 'mei{Enter}');
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(api.calls.at(-1)?.path).toBe('/admin/audit_log?page=1&limit=50&about=mei');
  });

  it("shows one subject's changes from an entry's link, and says whose they are", async () => {
    api.respond(() => json(200, { entries: [blacklisting], page: 1, limit: 50, total: 1 }));
    renderAt('/admin/audit_log?about=mei');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Mei Tan' }));
    expect((await screen.findByText(/^Showing the changes to one account:/)).textContent).toBe(
      'Showing the changes to one account: Mei Tan.',
    );
    expect(api.calls.at(-1)?.path).toBe('/admin/audit_log?page=1&limit=50&subjectType=user&subjectId=u9');
    expect(
      (screen.getByRole('searchbox', { name: 'Order, person, product or code' }) as HTMLInputElement).value,
    ).toBe('');
  });

  it('shows the catalogue message of a failure and loads again on request', async () => {
    api.respond(() => json(403, envelope('auth/not_authorized')));
    renderAt('/admin/audit_log');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^We could not load the audit log: /);
    expect(screen.getByRole('alert').textContent).not.toContain('raw server text');

    api.respond(() => json(200, { entries: [blacklisting], page: 1, limit: 50, total: 1 }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });
});
