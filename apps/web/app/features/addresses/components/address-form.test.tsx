import { ApiError } from '@crossbuy/core/errors';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddressForm, addressFormValues } from './address-form';

afterEach(cleanup);

const POSTAL_MESSAGE = 'Please enter a valid postal code for the selected country';

function renderForm(country = 'SG', onSave = vi.fn(async () => undefined)) {
  render(
    <AddressForm
      title="Add an address"
      initialValues={addressFormValues({ country })}
      onSave={onSave}
      onCancel={() => undefined}
    />,
  );
  return onSave;
}

// Labels carry a ' *' when required; 'Address' must not match the form's own name, 'Add an address'.
const labelled = (label: string) => new RegExp(`^${label}( \\*)?$`);
const field = (label: string) => screen.queryByLabelText(labelled(label));
const control = (label: string) => screen.getByLabelText(labelled(label));

/** Label text as shown (with its required mark), whether the input says it is required, and its kind. */
function describeField(label: string) {
  const control = field(label);
  if (!control) return null;
  return {
    label: document.querySelector(`label[for="${control.id}"]`)?.textContent,
    required: control.getAttribute('aria-required') === 'true',
    kind: control.tagName.toLowerCase(),
  };
}

function errorOf(label: string): string {
  const control = field(label);
  return document.getElementById(`${control?.id}-error`)?.textContent ?? '';
}

async function chooseCountry(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.selectOptions(control('Country'), code);
}

describe('AddressForm', () => {
  it('asks a Singapore address for a required postal code and no city or state', () => {
    renderForm('SG');
    expect(describeField('Postal code')).toEqual({ label: 'Postal code *', required: true, kind: 'input' });
    expect(describeField('City')).toBeNull();
    expect(describeField('Province')).toBeNull();
    expect(describeField('Full name')?.required).toBe(true);
    expect(describeField('Unit number')?.required).toBe(false);
  });

  it('follows the chosen country: US, AU, HK and back to SG', async () => {
    const user = userEvent.setup();
    renderForm('SG');

    await chooseCountry(user, 'US');
    expect(describeField('City')).toEqual({ label: 'City *', required: true, kind: 'input' });
    expect(describeField('State')).toEqual({ label: 'State *', required: true, kind: 'select' });
    expect(describeField('Postal code')?.required).toBe(true);
    const usStates = within(control('State')).getAllByRole('option');
    expect(usStates[0]?.textContent).toBe('Select one');
    expect(usStates.map((option) => option.getAttribute('value'))).toContain('CA');

    await chooseCountry(user, 'AU');
    expect(describeField('Suburb')).toEqual({ label: 'Suburb *', required: true, kind: 'input' });
    expect(describeField('City')).toBeNull();
    const auStates = within(control('State')).getAllByRole('option');
    expect(auStates.map((option) => option.textContent)).toContain('New South Wales');
    expect(auStates).toHaveLength(10);

    await chooseCountry(user, 'HK');
    expect(describeField('District')).toEqual({ label: 'District', required: false, kind: 'input' });
    expect(describeField('Area')).toEqual({ label: 'Area *', required: true, kind: 'select' });
    expect(
      within(control('Area'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select one', 'Hong Kong Island', 'Kowloon', 'New Territories']);
    expect(describeField('Postal code')).toBeNull();

    await chooseCountry(user, 'SG');
    expect(describeField('District')).toBeNull();
    expect(describeField('Area')).toBeNull();
    expect(describeField('Postal code')?.required).toBe(true);
  });

  it('checks the postal code as it is typed, with the catalogue message', async () => {
    const user = userEvent.setup();
    renderForm('SG');
    const postal = control('Postal code');

    await user.type(postal, '0189');
    expect(errorOf('Postal code')).toBe(POSTAL_MESSAGE);
    expect(postal.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${postal.id}-error`)?.getAttribute('aria-live')).toBe('polite');

    await user.type(postal, '56');
    expect(errorOf('Postal code')).toBe('');
    expect(postal.getAttribute('aria-invalid')).toBeNull();

    await chooseCountry(user, 'US');
    expect(errorOf('Postal code')).toBe(POSTAL_MESSAGE);
    await user.clear(postal);
    await user.type(postal, '94103-1234');
    expect(errorOf('Postal code')).toBe('');
  });

  it('asks a Japanese address for its city or ward, and says what the street line holds', async () => {
    const user = userEvent.setup();
    renderForm('SG');
    await chooseCountry(user, 'JP');
    expect(describeField('City / ward')).toEqual({ label: 'City / ward *', required: true, kind: 'input' });
    expect(describeField('Prefecture')).toEqual({ label: 'Prefecture *', required: true, kind: 'select' });
    expect(describeField('Postal code')?.required).toBe(true);
    const asked = [...document.querySelectorAll('form input, form select')].map(
      (element) => document.querySelector(`label[for="${element.id}"]`)?.textContent,
    );
    expect(asked.slice(3, 8)).toEqual([
      'Postal code *',
      'Prefecture *',
      'City / ward *',
      'Address *',
      'Unit number',
    ]);
    const street = control('Address');
    expect(
      document.getElementById(street.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent,
    ).toMatch(/Town, block and building number/);
  });

  it('clears the state when the country changes', async () => {
    const user = userEvent.setup();
    renderForm('US');
    await user.selectOptions(control('State'), 'CA');
    await chooseCountry(user, 'AU');
    expect((control('State') as HTMLSelectElement).value).toBe('');
  });

  it('reports every missing field on submit and focuses the first', async () => {
    const user = userEvent.setup();
    const onSave = renderForm('US');
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    expect(errorOf('Full name')).toBe('Please enter a full name of 1 to 200 characters');
    expect(errorOf('Phone number')).toBe('Please enter a valid phone number for the selected country');
    expect(errorOf('Address')).toBe('Please enter an address of 1 to 200 characters');
    expect(errorOf('City')).toBe('Please enter a valid city for the selected country');
    expect(errorOf('State')).toBe('Please select a valid state for the selected country');
    expect(errorOf('Postal code')).toBe(POSTAL_MESSAGE);
    expect(document.activeElement).toBe(control('Full name'));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('checks the phone number for the country and saves the normalised address', async () => {
    const user = userEvent.setup();
    const onSave = renderForm('US');
    await user.type(control('Full name'), 'Mei Tan');
    await user.type(control('Phone number'), '9123 4567');
    await user.type(control('Address'), '1 Market St');
    await user.type(control('City'), 'San Francisco');
    await user.selectOptions(control('State'), 'CA');
    await user.type(control('Postal code'), '94103');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(errorOf('Phone number')).toBe('Please enter a valid phone number for the selected country');

    await user.clear(control('Phone number'));
    await user.type(control('Phone number'), '(415) 555-0123');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(onSave).toHaveBeenCalledWith({
      fullName: 'Mei Tan',
      phoneNumber: '+14155550123',
      address: '1 Market St',
      city: 'San Francisco',
      state: 'CA',
      postalCode: '94103',
      country: 'US',
      main: false,
    });
  });

  it('shows the maximum-addresses refusal as the catalogue message, and field refusals on the field', async () => {
    const user = userEvent.setup();
    const onSave = vi
      .fn()
      .mockRejectedValueOnce(new ApiError({ status: 400, code: 'user/max_addresses_reached', params: [10] }))
      .mockRejectedValueOnce(new ApiError({ status: 400, code: 'address/invalid_postal_code' }));
    renderForm('SG', onSave);
    await user.type(control('Full name'), 'Mei Tan');
    await user.type(control('Phone number'), '9123 4567');
    await user.type(control('Address'), '1 Raffles Place');
    await user.type(control('Postal code'), '048616');

    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have reached the maximum number address of 10 per user',
    );

    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(errorOf('Postal code')).toBe(POSTAL_MESSAGE);
    expect(document.activeElement).toBe(control('Postal code'));
  });
});
