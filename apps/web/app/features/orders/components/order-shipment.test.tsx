import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderShipment } from './order-shipment';

afterEach(cleanup);

describe('OrderShipment', () => {
  it("names the carrier and links the tracking number to the carrier's tracking page", () => {
    render(
      <OrderShipment
        order={{
          carrier: 'Ninja Van',
          trackingNumber: 'NV001',
          trackingUrl: 'https://www.ninjavan.co/en-sg/tracking?id=NV001',
        }}
      />,
    );
    expect(screen.getByTestId('order-shipment').textContent).toContain('Shipped with Ninja Van.');
    const link = screen.getByRole('link', { name: /NV001/ });
    expect(link.getAttribute('href')).toBe('https://www.ninjavan.co/en-sg/tracking?id=NV001');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.textContent).toContain('opens Ninja Van’s tracking page in a new tab');
  });

  it('shows a tracking number without a carrier as it is, and nothing before the order ships', () => {
    render(<OrderShipment order={{ carrier: null, trackingNumber: 'SG1', trackingUrl: null }} />);
    expect(screen.getByTestId('order-shipment').textContent).toBe('Tracking number: SG1');
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    const { container } = render(
      <OrderShipment order={{ carrier: null, trackingNumber: null, trackingUrl: null }} />,
    );
    expect(container.textContent).toBe('');
  });
});
