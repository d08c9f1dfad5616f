import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { ExchangeRateSettings } from './exchange-rate-settings';
import { GeneralSettingsForm } from './general-settings-form';
import { RateImport } from './rate-import';

const api = fakeApi();
const SETTINGS = {
  quoteValidDays: 7,
  quoteFeePercent: '10',
  maxAddressesPerUser: 10,
  maxUnpaidOrders: 5,
  maxUnitsHeldPerItem: 20,
  maxOrdersPerHour: 10,
  maxOpenCheckouts: 20,
};

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

const inShell = (children: React.ReactNode) =>
  render(<ShellQueryProvider userId="admin">{children}</ShellQueryProvider>);

describe('RateImport', () => {
  it('asks first, then lists every wrong line of a refused file by its number', async () => {
    api.respond(() =>
      json(400, {
        ...envelope('settings/csv_invalid', ['2']),
        lines: [
          {
            line: 3,
            code: 'settings/unknown_currency',
            message: 'The currency XYZ is not one the store supports',
          },
          {
            line: 5,
            code: 'settings/invalid_exchange_rate',
            message: 'Please enter an exchange rate above 0',
          },
        ],
      }),
    );
    inShell(<RateImport baseCurrency="SGD" />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Or paste the rates'), 'MYR,3.5');
    await user.click(screen.getByRole('button', { name: 'Import rates' }));
    expect(api.calls).toEqual([]);
    expect(screen.getByRole('button', { name: 'Go back' })).toBe(document.activeElement);
    await user.click(screen.getByRole('button', { name: 'Import the rates' }));

    expect(await screen.findByRole('heading', { name: 'Nothing was imported' })).toBeTruthy();
    expect(screen.getByText('The file has errors on 2 line(s); nothing was imported')).toBeTruthy();
    const lines = screen.getByRole('list', { name: 'Lines to fix' });
    expect([...lines.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Line 3: The currency XYZ is not one the store supports',
      'Line 5: Please enter an exchange rate above 0',
    ]);
    expect(api.calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/admin/settings/exchange_rates/import', { csv: 'MYR,3.5' }],
    ]);
  });

  it('reads a chosen file into the text and says what changed', async () => {
    api.respond(() =>
      json(200, { changes: [{ currency: 'MYR', before: '3.4875', after: '3.5' }], rates: [] }),
    );
    inShell(<RateImport baseCurrency="SGD" />);
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('CSV file'), new File(['currency,rate\nMYR,3.5\n'], 'rates.csv'));
    expect((screen.getByLabelText('Or paste the rates') as HTMLTextAreaElement).value).toBe(
      'currency,rate\nMYR,3.5\n',
    );
    await user.click(screen.getByRole('button', { name: 'Import rates' }));
    await user.click(screen.getByRole('button', { name: 'Import the rates' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Imported 1 rate per SGD: MYR 3.4875 → 3.5.',
    );
  });

  it('asks for a file before sending anything', async () => {
    inShell(<RateImport baseCurrency="SGD" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Import rates' }));
    expect(screen.getByText('Choose a CSV file or paste the rates first')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});

describe('GeneralSettingsForm', () => {
  it('saves the address limit at once but asks before a new service fee changes prices', async () => {
    api.respond((call) =>
      call.method === 'GET'
        ? json(200, { settings: SETTINGS, defaults: SETTINGS })
        : json(200, { settings: { ...SETTINGS, ...(call.body as object) }, defaults: SETTINGS }),
    );
    inShell(<GeneralSettingsForm />);
    const user = userEvent.setup();
    const limit = await screen.findByLabelText('Addresses per shopper, at most');
    await user.clear(limit);
    await user.type(limit, '2{Enter}');
    expect(await screen.findByText('The general settings are saved.')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      ...SETTINGS,
      maxAddressesPerUser: 2,
    });

    const fee = screen.getByLabelText('Service fee on quotes (%)');
    await user.clear(fee);
    await user.type(fee, '12.5{Enter}');
    expect(await screen.findByText(/The service fee on quotes will be 12.5%/)).toBeTruthy();
    const patches = () => api.calls.filter((call) => call.method === 'PATCH').length;
    expect(patches()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Save the new fee' }));
    expect(await screen.findByText('The general settings are saved.')).toBeTruthy();
    expect(patches()).toBe(2);
  });

  it('shows the rule a value breaks on its field, without calling the server', async () => {
    api.respond(() => json(200, { settings: SETTINGS, defaults: SETTINGS }));
    inShell(<GeneralSettingsForm />);
    const user = userEvent.setup();
    const days = await screen.findByLabelText('Quote validity (days)');
    await user.clear(days);
    await user.type(days, '91{Enter}');
    expect(await screen.findByText('Please enter a quote validity of 1 to 90 days')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it("saves what one shopper may hold, each checked by the server's rule on its own field", async () => {
    api.respond((call) =>
      call.method === 'GET'
        ? json(200, { settings: SETTINGS, defaults: SETTINGS })
        : json(200, { settings: { ...SETTINGS, ...(call.body as object) }, defaults: SETTINGS }),
    );
    inShell(<GeneralSettingsForm />);
    const user = userEvent.setup();
    const unpaid = await screen.findByLabelText('Unpaid orders per shopper, at most');
    expect(
      screen.getByText("Unpaid orders hold their stock until paid or cancelled. The server's default is 5."),
    ).toBeTruthy();
    await user.clear(unpaid);
    await user.type(unpaid, '0{Enter}');
    expect(
      await screen.findByText('Please enter a maximum of 1 to 10000 unpaid orders per shopper'),
    ).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'PATCH')).toEqual([]);

    await user.clear(unpaid);
    await user.type(unpaid, '3');
    const units = screen.getByLabelText("Units of one item in a shopper's unpaid orders, at most");
    await user.clear(units);
    await user.type(units, '50');
    const checkouts = screen.getByLabelText('Unfinished checkouts per shopper, at most');
    await user.clear(checkouts);
    await user.type(checkouts, '8{Enter}');
    expect(await screen.findByText('The general settings are saved.')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      ...SETTINGS,
      maxUnpaidOrders: 3,
      maxUnitsHeldPerItem: 50,
      maxOpenCheckouts: 8,
    });
  });
});

describe('ExchangeRateSettings', () => {
  it('checks a rate as exact text, asks first, and sends it in its shortest form', async () => {
    api.respond((call) =>
      call.method === 'GET'
        ? json(200, { baseCurrency: 'SGD', rates: [{ currency: 'MYR', rate: '3.4875', updatedAt: null }] })
        : json(200, { rate: { currency: 'MYR', rate: '3.5', updatedAt: '2026-11-23T10:00:00.000Z' } }),
    );
    inShell(<ExchangeRateSettings />);
    const user = userEvent.setup();
    expect((await screen.findByRole('table', { name: 'Exchange rates per one SGD' })).textContent).toContain(
      '3.4875',
    );
    await user.selectOptions(screen.getByLabelText(/^Currency/), 'MYR');
    const rate = screen.getByLabelText(/^Rate per 1 SGD/);
    await user.type(rate, '3.5e0');
    await user.click(screen.getByRole('button', { name: 'Set rate' }));
    expect(screen.getByText(/Please enter an exchange rate above 0/)).toBeTruthy();
    expect(rate).toBe(document.activeElement);

    await user.clear(rate);
    await user.type(rate, '3.50');
    await user.click(screen.getByRole('button', { name: 'Set rate' }));
    expect(screen.getByText(/MYR will be 3.5 per SGD/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Set the rate' }));
    expect(await screen.findByText('MYR is now 3.5 per SGD.')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'PUT').map((call) => [call.path, call.body])).toEqual([
      ['/admin/settings/exchange_rates/MYR', { rate: '3.5' }],
    ]);
  });
});
