import { daysEndingWith } from '@crossbuy/core/dates';
import type { Dashboard } from '@crossbuy/core/staff';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { DaysChart } from './days-chart';
import { StoreDashboard, summaryOf } from './store-dashboard';

const api = fakeApi();

beforeEach(() => {
  userStore.set({
    signedIn: true,
    tfaPassed: true,
    profileFetched: true,
    profile: aProfile({ role: 'operator', tfaEnabled: true }),
  });
});
afterEach(() => {
  cleanup();
  resetUserState();
});

const days = daysEndingWith('2026-11-23', 30).map((date) => ({
  date,
  orders: 0,
  revenue: [] as Dashboard['days'][number]['revenue'],
}));
days[10] = { date: days[10]?.date ?? '', orders: 4, revenue: [{ amountMinor: 12_000, currency: 'SGD' }] };
days[29] = {
  date: '2026-11-23',
  orders: 3,
  revenue: [
    { amountMinor: 4_550, currency: 'SGD' },
    { amountMinor: 1_000, currency: 'USD' },
  ],
};
const dashboard: Dashboard = {
  timeZone: 'Asia/Singapore',
  today: days[29],
  pendingQuotations: 5,
  unreadChats: 2,
  awaitingShipment: { paid: 6, processing: 1 },
  days,
};

function renderDashboard() {
  const Stub = createRoutesStub([{ path: '/admin', Component: StoreDashboard }]);
  render(
    <ShellQueryProvider userId="u1">
      <Stub initialEntries={['/admin']} />
    </ShellQueryProvider>,
  );
}

describe('StoreDashboard', () => {
  it("shows today's figures, each leading to the desk that lists them", async () => {
    api.respond(() => json(200, dashboard));
    renderDashboard();
    expect(screen.getByRole('status').textContent).toBe('Loading the dashboard…');

    const orders = await screen.findByRole('link', { name: /Orders placed today/ });
    expect(orders.textContent).toBe('3Orders placed today');
    expect(screen.getByRole('link', { name: /Revenue today/ }).textContent).toContain('S$45.50');
    expect(screen.getByRole('link', { name: /Revenue today/ }).textContent).toContain('US$10.00');
    expect(screen.getByRole('link', { name: '6 paid' }).getAttribute('href')).toBe(
      '/admin/orders?status=paid',
    );
    expect(screen.getByRole('link', { name: '1 processing' }).getAttribute('href')).toBe(
      '/admin/orders?status=processing',
    );
    expect(screen.getByRole('link', { name: /Quotations to answer/ }).getAttribute('href')).toBe(
      '/admin/quotations',
    );
    expect(screen.getByRole('link', { name: /unread messages/ }).textContent).toContain('2');
  });

  it('says what the 30 days hold in words, and as a table', async () => {
    api.respond(() => json(200, dashboard));
    renderDashboard();
    await screen.findByText(summaryOf(days));
    expect(summaryOf(days)).toBe(
      'From 25/10/2026 to 23/11/2026: 7 orders and S$165.50 and US$10.00 of revenue. The busiest day was 04/11/2026 with 4 orders.',
    );
    await userEvent.click(screen.getByText('The 30 days as a table'));
    const table = screen.getByRole('table', { name: /Orders and revenue per day/ });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(
      within(rows[30] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['23/11/2026', '3', 'S$45.50, US$10.00']);
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['25/10/2026', '0', '–']);
  });

  it('says when there were no orders at all', () => {
    expect(summaryOf(days.map((day) => ({ ...day, orders: 0, revenue: [] })))).toBe(
      'From 25/10/2026 to 23/11/2026: no orders.',
    );
  });

  it('shows the catalogue message and a way to try again when the figures cannot be read', async () => {
    api.respond(() => json(403, envelope('auth/not_authorized')));
    renderDashboard();
    expect(await screen.findByText(/We could not load the dashboard: You are not authorized/)).toBeTruthy();
    api.respond(() => json(200, dashboard));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Orders placed today/ })).toBeTruthy();
  });

  it('renders on the server as a box of the chart height, and draws the chart only in the browser', () => {
    const html = renderToString(<DaysChart days={days} currency="SGD" />);
    expect(html).toBe('<div class="h-64 w-full" aria-hidden="true"></div>');
    expect(html).not.toContain('recharts');
  });
});
