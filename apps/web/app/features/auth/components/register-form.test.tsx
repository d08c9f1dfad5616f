import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { RegisterForm } from './register-form';

const api = fakeApi();

afterEach(() => {
  cleanup();
  resetUserState();
});

function renderRegister() {
  const Stub = createRoutesStub([
    { path: '/register', Component: RegisterForm },
    { path: '/verify_email', Component: () => <h1>Verify page</h1> },
  ]);
  render(<Stub initialEntries={['/register']} />);
}

/** The message announced for a field: the text of what its aria-describedby points at. */
function errorOf(label: string): string {
  const field = screen.getByLabelText(label, { exact: false });
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids
    .map((id) => document.getElementById(id))
    .filter((element) => element?.id.endsWith('-error'))
    .map((element) => element?.textContent)
    .join('');
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name', { exact: false }), 'Mei');
  await user.type(screen.getByLabelText('Last name', { exact: false }), 'Tan');
  await user.type(screen.getByLabelText('Email', { exact: false }), 'Mei@Example.com');
  await user.type(screen.getByLabelText('Password', { exact: false }), 'Secret-123');
  await user.type(screen.getByLabelText('Phone number', { exact: false }), '9123 4567');
  await user.type(screen.getByLabelText('Date of birth', { exact: false }), '1990-05-17');
  await user.selectOptions(screen.getByLabelText('Gender', { exact: false }), 'female');
  await user.click(screen.getByLabelText(/^I accept the terms and conditions/));
}

describe('RegisterForm', () => {
  it('shows the catalogue message of each invalid field and focuses the first', async () => {
    const user = userEvent.setup();
    renderRegister();
    await user.type(screen.getByLabelText('Email', { exact: false }), 'mei@');
    await user.type(screen.getByLabelText('Password', { exact: false }), 'password');
    await user.type(screen.getByLabelText('Phone number', { exact: false }), '1234');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(errorOf('First name')).toBe('Please enter a first name of 1 to 100 characters');
    expect(errorOf('Last name')).toBe('Please enter a last name of 1 to 100 characters');
    expect(errorOf('Email')).toBe('Invalid email');
    expect(errorOf('Password')).toBe(
      'Your password must be at least 8 characters long and contain a lower-case letter, an upper-case letter and a number or symbol',
    );
    expect(errorOf('Phone number')).toBe('Invalid Phone Number');
    expect(errorOf('Date of birth')).toBe(
      'Please enter a valid date of birth; you must be at least 13 years old',
    );
    expect(errorOf('Gender')).toBe('Please select a valid gender');
    expect(screen.getByText('Please accept the terms and conditions')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('First name', { exact: false }));
    expect(api.calls).toEqual([]);
  });

  it('marks required fields for assistive technology and shows the password rule', () => {
    renderRegister();
    for (const label of ['First name', 'Email', 'Password', 'Country', 'Phone number', 'Gender']) {
      expect(screen.getByLabelText(label, { exact: false }).getAttribute('aria-required'), label).toBe(
        'true',
      );
    }
    const password = screen.getByLabelText('Password', { exact: false });
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    expect(document.getElementById(password.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /At least 8 characters/,
    );
  });

  it('checks the phone number against the chosen country', async () => {
    const user = userEvent.setup();
    renderRegister();
    await fillValid(user);
    await user.selectOptions(screen.getByLabelText('Country', { exact: false }), 'US');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(errorOf('Phone number')).toBe('Invalid Phone Number');
    expect(api.calls).toEqual([]);
  });

  it('puts a taken email on the email field', async () => {
    api.respond(() => json(409, envelope('auth/email_taken')));
    const user = userEvent.setup();
    renderRegister();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('The email is already been taken by another user')).toBeTruthy();
    expect(errorOf('Email')).toBe('The email is already been taken by another user');
    expect(document.activeElement).toBe(screen.getByLabelText('Email', { exact: false }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a failure that concerns no field above the form', async () => {
    api.respond(() => json(429, envelope('general/rate_limited', ['60'])));
    const user = userEvent.setup();
    renderRegister();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests, please try again in 60 seconds',
    );
  });

  it('registers with the normalised values, signs the shopper in and asks for the mailed code', async () => {
    const profile = aProfile({ emailVerified: false });
    api.respond(() => json(201, { signedIn: true, tfaPassed: false, profile }));
    const user = userEvent.setup();
    renderRegister();
    await fillValid(user);
    const submit = screen.getByRole('button', { name: 'Create account' });
    await user.click(submit);

    expect(await screen.findByRole('heading', { name: 'Verify page' })).toBeTruthy();
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      path: '/auth/register',
      body: {
        email: 'mei@example.com',
        password: 'Secret-123',
        firstName: 'Mei',
        lastName: 'Tan',
        phoneNumber: '+6591234567',
        country: 'SG',
        birthDate: '1990-05-17',
        gender: 'female',
        acceptTerms: true,
      },
    });
    expect(userStore.get()).toMatchObject({ signedIn: true, profile });
  });

  it('links the terms and the privacy notice from the terms checkbox, in a new tab', () => {
    renderRegister();
    const terms = screen.getByRole('link', { name: 'terms and conditions (opens in a new tab)' });
    const privacy = screen.getByRole('link', { name: 'privacy notice (opens in a new tab)' });
    expect(terms.getAttribute('href')).toBe('/terms');
    expect(privacy.getAttribute('href')).toBe('/privacy');
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('checkbox').getAttribute('aria-describedby')).toBeNull();
  });

  it('lists the fields to correct above the form, each linked to its field', async () => {
    const user = userEvent.setup();
    renderRegister();
    await fillValid(user);
    await user.clear(screen.getByLabelText('Last name', { exact: false }));
    await user.click(screen.getByLabelText(/^I accept the terms and conditions/));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const summary = screen.getByRole('alert');
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Last name', 'I accept the terms and conditions']);
    expect(links[0]?.getAttribute('href')).toBe(
      `#${screen.getByLabelText('Last name', { exact: false }).id}`,
    );
    expect(within(summary).getByText('Please check these 2 fields:')).toBeTruthy();
  });

  it('lists the fields to correct in the order the form shows them', async () => {
    const user = userEvent.setup();
    renderRegister();
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const summary = screen.getByRole('alert');
    const listed = within(summary)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href')?.slice(1));
    const onPage = [...document.querySelectorAll('form [id]')]
      .map((control) => control.id)
      .filter((id) => listed.includes(id));
    expect(listed.length).toBeGreaterThan(3);
    expect(listed).toEqual(onPage);
  });

  it('puts Singapore and Malaysia first in the country list', () => {
    renderRegister();
    const options = within(screen.getByLabelText('Country', { exact: false })).getAllByRole('option');
    expect(options.slice(0, 3).map((option) => option.getAttribute('value'))).toEqual(['SG', 'MY', 'AF']);
  });
});
