import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PendingButton, SubmitButton } from './button';

afterEach(cleanup);

describe('SubmitButton', () => {
  it('submits its form under its own words while nothing is pending', () => {
    render(
      <SubmitButton pending={false} pendingLabel="Sending…">
        Send invitation
      </SubmitButton>,
    );
    const button = screen.getByRole('button', { name: 'Send invitation' }) as HTMLButtonElement;
    expect(button.type).toBe('submit');
    expect(button.disabled).toBe(false);
  });

  it('is disabled and says so while the submission is pending', () => {
    render(
      <SubmitButton pending pendingLabel="Sending…">
        Send invitation
      </SubmitButton>,
    );
    expect((screen.getByRole('button', { name: 'Sending…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('can also be held back by the form, e.g. until a choice is made', () => {
    render(
      <SubmitButton pending={false} pendingLabel="Saving…" disabled>
        Save the tax
      </SubmitButton>,
    );
    expect((screen.getByRole('button', { name: 'Save the tax' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('PendingButton', () => {
  it('acts under its own words while nothing is pending, without submitting a form', () => {
    render(
      <PendingButton pending={false} pendingLabel="Sending…">
        I have paid
      </PendingButton>,
    );
    const button = screen.getByRole('button', { name: 'I have paid' }) as HTMLButtonElement;
    expect(button.type).toBe('button');
    expect(button.disabled).toBe(false);
  });

  it('is disabled and says so while what it sent is pending', () => {
    render(
      <PendingButton pending pendingLabel="Sending…">
        I have paid
      </PendingButton>,
    );
    expect((screen.getByRole('button', { name: 'Sending…' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
