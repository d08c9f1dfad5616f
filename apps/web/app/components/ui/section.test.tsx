import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Section } from './section';

afterEach(cleanup);

describe('Section', () => {
  it('is a region named by its second-level heading, with no status line unless given one', () => {
    render(
      <Section headingId="members-heading" title="Members" titleSize="lg">
        <p>Two operators.</p>
      </Section>,
    );
    const section = screen.getByRole('region', { name: 'Members' });
    expect(section.firstElementChild).toBe(screen.getByRole('heading', { level: 2, name: 'Members' }));
    expect(section.lastElementChild?.textContent).toBe('Two operators.');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('ends with a live status line that is there, empty, before the first change', () => {
    const { rerender } = render(
      <Section headingId="regions-heading" title="Regions" status="">
        <p>Singapore</p>
      </Section>,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    expect(screen.getByRole('region', { name: 'Regions' }).lastElementChild).toBe(status);
    rerender(
      <Section headingId="regions-heading" title="Regions" status="Thailand is added.">
        <p>Singapore</p>
      </Section>,
    );
    expect(screen.getByRole('status').textContent).toBe('Thailand is added.');
  });

  it('spaces its parts wider when asked, for parts that each hold a whole form', () => {
    render(
      <Section headingId="saved-cards" title="Saved cards" gap={5}>
        <p>No cards.</p>
      </Section>,
    );
    expect(screen.getByRole('region', { name: 'Saved cards' }).className).toBe('flex flex-col gap-5');
  });
});
