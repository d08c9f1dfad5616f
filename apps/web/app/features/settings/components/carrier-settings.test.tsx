import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { CarrierSettings } from './carrier-settings';

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

const singpost = {
  name: 'SingPost',
  trackingUrlTemplate: 'https://www.singpost.com/track-items?trackingid={tracking}',
};

describe('CarrierSettings', () => {
  it('adds a carrier, shows a refusal in words, and saves the list', async () => {
    api.respond((call) => {
      if (call.method === 'GET') return json(200, { carriers: [singpost] });
      const { carriers } = call.body as { carriers: { name: string; trackingUrlTemplate: string }[] };
      return carriers.every((carrier) => carrier.trackingUrlTemplate.includes('{tracking}'))
        ? json(200, { carriers })
        : json(400, envelope('settings/invalid_tracking_template'));
    });
    render(
      <ShellQueryProvider userId="admin">
        <CarrierSettings />
      </ShellQueryProvider>,
    );
    const user = userEvent.setup();
    expect(((await screen.findByLabelText('Carrier 1 name')) as HTMLInputElement).value).toBe('SingPost');
    expect((screen.getByRole('button', { name: 'Remove carrier 1' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Add a carrier' }));
    await user.type(screen.getByLabelText('Carrier 2 name'), 'J&T Express');
    await user.type(screen.getByLabelText('Carrier 2 tracking page address'), 'jtexpress.sg/track');
    await user.click(screen.getByRole('button', { name: 'Save carriers' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('holding {tracking} where the number goes');
    expect(alert.textContent).not.toContain('settings/');

    await user.clear(screen.getByLabelText('Carrier 2 tracking page address'));
    await user.type(
      screen.getByLabelText('Carrier 2 tracking page address'),
      'https://jtexpress.sg/t?n={{tracking}',
    );
    await user.click(screen.getByRole('button', { name: 'Save carriers' }));
    expect(await screen.findByText(/The carriers are saved/)).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({
      carriers: [
        singpost,
        { name: 'J&T Express', trackingUrlTemplate: 'https://jtexpress.sg/t?n={tracking}' },
      ],
    });
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });
});
