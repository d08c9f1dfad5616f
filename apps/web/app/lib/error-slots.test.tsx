import { ApiError } from '@crossbuy/core/errors';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearErrorSlot,
  clearErrorSlots,
  ERROR_SLOTS,
  getErrorSlot,
  setErrorSlot,
  useErrorSlot,
} from './error-slots';

afterEach(() => {
  cleanup();
  clearErrorSlots();
});

function SlotMessage({ slot }: { slot: 'cart' | 'signIn' }) {
  const error = useErrorSlot(slot);
  return <p data-testid={slot}>{error?.message ?? 'none'}</p>;
}

describe('error slots', () => {
  it('has a slot for each failure screens show (spec section 8)', () => {
    expect(ERROR_SLOTS).toEqual([
      'cart',
      'quotationItem',
      'categories',
      'config',
      'currentUser',
      'signIn',
      'twoFactorVerification',
      'profileUpdate',
    ]);
    for (const slot of ERROR_SLOTS) expect(getErrorSlot(slot)).toBeNull();
  });

  it('keeps each failure in its own slot with the catalogue message', () => {
    setErrorSlot('signIn', new ApiError({ status: 401, code: 'auth/wrong_email_or_password' }));
    setErrorSlot('cart', { error: { code: 'general/missing_argument', params: ['quantity'], message: 'x' } });

    expect(getErrorSlot('signIn')).toEqual({
      code: 'auth/wrong_email_or_password',
      status: 401,
      message: 'Your email and/or password is incorrect, please try again',
    });
    expect(getErrorSlot('cart')?.message).toBe('Missing argument quantity');
    expect(getErrorSlot('config')).toBeNull();

    clearErrorSlot('signIn');
    expect(getErrorSlot('signIn')).toBeNull();
    expect(getErrorSlot('cart')).not.toBeNull();
  });

  it('never exposes a stack trace, only a message', () => {
    setErrorSlot('profileUpdate', new Error('Boom'));
    setErrorSlot('categories', undefined);
    expect(getErrorSlot('profileUpdate')).toEqual({ code: undefined, status: undefined, message: 'Boom' });
    expect(getErrorSlot('categories')?.message).toBe('Unknown error');
  });

  it('clears only the slots asked for', () => {
    setErrorSlot('cart', new Error('a'));
    setErrorSlot('config', new Error('b'));
    clearErrorSlots(['cart']);
    expect(getErrorSlot('cart')).toBeNull();
    expect(getErrorSlot('config')?.message).toBe('b');
  });

  it('re-renders the components reading a slot', () => {
    render(
      <>
        <SlotMessage slot="cart" />
        <SlotMessage slot="signIn" />
      </>,
    );
    expect(screen.getByTestId('cart').textContent).toBe('none');

    act(() => setErrorSlot('cart', new ApiError({ status: 404, code: 'general/not_found' })));
    expect(screen.getByTestId('cart').textContent).toBe('The page or item you are looking for is not found');
    expect(screen.getByTestId('signIn').textContent).toBe('none');

    act(() => clearErrorSlot('cart'));
    expect(screen.getByTestId('cart').textContent).toBe('none');
  });
});
