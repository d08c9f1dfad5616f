import { act, cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aProfile } from '../test-support/fake-api';
import {
  PENDING_ACTION_KEY,
  PENDING_ACTION_TTL_MS,
  rememberPendingAction,
  takePendingAction,
  useResumePendingAction,
} from './pending-action';
import { resetUserState, userStore } from './user-store';

afterEach(() => {
  cleanup();
  resetUserState();
  sessionStorage.clear();
});

describe('pending actions', () => {
  it('gives the action back once, to the same kind and product only', () => {
    rememberPendingAction('add_to_cart', 'p1', { variantPath: '0/1', quantity: 2 });
    expect(takePendingAction('buy_now', 'p1')).toBeUndefined();
    expect(takePendingAction('add_to_cart', 'p2')).toBeUndefined();
    expect(takePendingAction('add_to_cart', 'p1')).toEqual({ variantPath: '0/1', quantity: 2 });
    expect(takePendingAction('add_to_cart', 'p1')).toBeUndefined();
    expect(sessionStorage.getItem(PENDING_ACTION_KEY)).toBeNull();
  });

  it('keeps only the last action pressed', () => {
    rememberPendingAction('add_to_wishlist', 'p1', {});
    rememberPendingAction('buy_now', 'p1', { variantPath: '', quantity: 1 });
    expect(takePendingAction('add_to_wishlist', 'p1')).toBeUndefined();
    expect(takePendingAction('buy_now', 'p1')).toEqual({ variantPath: '', quantity: 1 });
  });

  it('forgets a stale or unreadable action', () => {
    rememberPendingAction('add_to_wishlist', 'p1', {}, 1_000);
    expect(takePendingAction('add_to_wishlist', 'p1', 1_000 + PENDING_ACTION_TTL_MS + 1)).toBeUndefined();
    expect(sessionStorage.getItem(PENDING_ACTION_KEY)).toBeNull();
    sessionStorage.setItem(PENDING_ACTION_KEY, '{not json');
    expect(takePendingAction('add_to_wishlist', 'p1')).toBeUndefined();
    sessionStorage.setItem(PENDING_ACTION_KEY, JSON.stringify({ kind: 'add_to_wishlist', productId: 'p1' }));
    expect(takePendingAction('add_to_wishlist', 'p1')).toBeUndefined();
  });

  it('runs the action once after sign-in, even when effects run twice', () => {
    const run = vi.fn();
    function Page() {
      useResumePendingAction('request_quotation', 'p1', run);
      return null;
    }
    rememberPendingAction('request_quotation', 'p1', {
      variantPath: '',
      quantity: 5,
      instructions: 'Gift wrap',
    });
    const { rerender } = render(
      <StrictMode>
        <Page />
      </StrictMode>,
    );
    expect(run).not.toHaveBeenCalled();
    act(() => userStore.set({ signedIn: true, tfaPassed: true, profileFetched: true, profile: aProfile() }));
    rerender(
      <StrictMode>
        <Page />
      </StrictMode>,
    );
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith({ variantPath: '', quantity: 5, instructions: 'Gift wrap' });
  });
});
