import { formatAddressLines } from '@crossbuy/core/address';
import type { OrderAddress } from '@crossbuy/core/order';
import type { ComponentType, ReactNode } from 'react';

/** An address as its country writes it on an envelope, one line each. */
export function AddressLetter({ address }: { address: OrderAddress }) {
  return (
    <address className="text-sm not-italic leading-relaxed break-words">
      {formatAddressLines(address, address.country).map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

/** Whether the billing address is the delivery address, so it is said once. */
function sameAddress(a: OrderAddress, b: OrderAddress): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Where an order is billed: its address, or that it is the delivery address, so an address is said once. */
export function BillingAddress({
  order,
}: {
  order: { shippingAddress: OrderAddress; billingAddress: OrderAddress };
}) {
  return sameAddress(order.shippingAddress, order.billingAddress) ? (
    <p className="text-sm">Same as the delivery address</p>
  ) : (
    <AddressLetter address={order.billingAddress} />
  );
}

/**
 * Where an order goes and where it is billed, side by side on a wider screen. Each address stands in a
 * panel of the page showing the order: the shopper's order page and the back office draw theirs each
 * their own way.
 */
export function OrderAddresses({
  order,
  Panel,
}: {
  order: { shippingAddress: OrderAddress; billingAddress: OrderAddress };
  Panel: ComponentType<{ title: string; children: ReactNode }>;
}) {
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <Panel title="Delivery address">
        <AddressLetter address={order.shippingAddress} />
      </Panel>
      <Panel title="Billing address">
        <BillingAddress order={order} />
      </Panel>
    </div>
  );
}
