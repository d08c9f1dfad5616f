import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusBadge } from './status-badge';

afterEach(cleanup);

describe('StatusBadge', () => {
  it('says the status in words, in the colour of its tone', () => {
    render(<StatusBadge tone="danger">Blacklisted</StatusBadge>);
    const badge = screen.getByText('Blacklisted');
    expect(badge.className).toBe(
      'inline-flex rounded-full px-3 py-1 text-xs font-semibold bg-danger-50 text-danger-700',
    );
  });

  it('keeps to one line when asked', () => {
    render(
      <StatusBadge tone="waiting" nowrap>
        Scheduled
      </StatusBadge>,
    );
    expect(screen.getByText('Scheduled').className).toContain('whitespace-nowrap');
  });
});
