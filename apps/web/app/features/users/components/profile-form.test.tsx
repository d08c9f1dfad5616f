import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearErrorSlots, getErrorSlot } from '../../../lib/error-slots';
import { type UserProfile, userStore, useUser } from '../../../lib/user-store';
import { type ApiCall, aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { ProfileForm } from './profile-form';

const api = fakeApi();

afterEach(() => {
  cleanup();
  act(() => userStore.set(userStore.initial));
  clearErrorSlots();
});

/** As on the account page: the form always gets the profile from the user store. */
function Page() {
  const { profile } = useUser();
  return profile ? <ProfileForm profile={profile} /> : null;
}

function renderProfile(profile: UserProfile) {
  userStore.set({ signedIn: true, tfaPassed: true, profileFetched: true, profile });
  render(<Page />);
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}( \\*)?$`)) as HTMLInputElement;

function errorOf(label: string): string {
  return document.getElementById(`${field(label).id}-error`)?.textContent ?? '';
}

describe('ProfileForm', () => {
  it('saves the profile and shows what the server stored', async () => {
    api.respond(({ body }: ApiCall) =>
      json(200, { user: aProfile({ ...(body as Partial<UserProfile>), phoneNumber: '+6581234567' }) }),
    );
    const user = userEvent.setup();
    renderProfile(aProfile());
    await user.clear(field('First name'));
    await user.type(field('First name'), 'May');
    await user.clear(field('Phone number'));
    await user.type(field('Phone number'), '8123 4567');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect((await screen.findByRole('status')).textContent).toBe('Your profile has been saved.');
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      path: '/user/profile',
      body: {
        firstName: 'May',
        lastName: 'Tan',
        phoneNumber: '+6581234567',
        country: 'SG',
        birthDate: '1990-05-17',
        gender: 'female',
      },
    });
    expect(userStore.get().profile?.firstName).toBe('May');
    expect(field('Phone number').value).toBe('+6581234567');
  });

  it('leaves out fields the account never had and the shopper left empty', async () => {
    api.respond(({ body }: ApiCall) => json(200, { user: aProfile(body as Partial<UserProfile>) }));
    const user = userEvent.setup();
    renderProfile(aProfile({ phoneNumber: null, country: null, birthDate: null, gender: null }));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByRole('status');
    expect(api.calls[0]?.body).toEqual({ firstName: 'Mei', lastName: 'Tan' });
  });

  it('reports an emptied name instead of ignoring it', async () => {
    const user = userEvent.setup();
    renderProfile(aProfile());
    await user.clear(field('Last name'));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(errorOf('Last name')).toBe('Please enter a last name of 1 to 100 characters');
    expect(document.activeElement).toBe(field('Last name'));
    expect(api.calls).toEqual([]);
  });

  it('keeps a refused update in the profile-update error slot, on the field it concerns', async () => {
    api.respond(() => json(400, envelope('user/invalid_birthdate')));
    const user = userEvent.setup();
    renderProfile(aProfile());
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(
      await screen.findByText('Please enter a valid date of birth; you must be at least 13 years old'),
    ).toBeTruthy();
    expect(getErrorSlot('profileUpdate')?.code).toBe('user/invalid_birthdate');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows any other refusal above the form', async () => {
    api.respond(() => json(403, envelope('auth/account_blacklisted', ['help@crossbuy.example'])));
    renderProfile(aProfile());
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your account has been suspended for violating our policies and terms. Please contact us at help@crossbuy.example',
    );
  });
});
