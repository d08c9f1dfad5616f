import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { codeDigits, OneTimeCodeField } from './one-time-code-field';

afterEach(cleanup);

describe('OneTimeCodeField', () => {
  it('opens the numeric keypad and lets the phone offer a received code', () => {
    render(<OneTimeCodeField label="Authentication code" hint="From your app." />);
    const input = screen.getByLabelText('Authentication code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('type')).toBe('text');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'From your app.',
    );
  });

  it('keeps six digits of what is typed or pasted', async () => {
    const user = userEvent.setup();
    render(<OneTimeCodeField label="Authentication code" />);
    const input = screen.getByLabelText('Authentication code') as HTMLInputElement;

    await user.type(input, '12a3 4');
    expect(input.value).toBe('1234');
    await user.clear(input);
    await user.click(input);
    await user.paste('123 456');
    expect(input.value).toBe('123456');
    await user.type(input, '7');
    expect(input.value).toBe('123456');
  });

  it('links and marks its error', () => {
    render(<OneTimeCodeField label="Authentication code" error="The code is incorrect" />);
    const input = screen.getByLabelText('Authentication code');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'The code is incorrect',
    );
  });

  it.each([
    ['123-456', '123456'],
    [' 0 1 2 3 4 5 6 7', '012345'],
    ['abc', ''],
  ])('reads %j as %j', (typed, digits) => {
    expect(codeDigits(typed)).toBe(digits);
  });
});
