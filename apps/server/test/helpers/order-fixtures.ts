import { randomBytes } from 'node:crypto';
import type { CurrencyCode } from '@crossbuy/core/money';
import { orderReference, type PaymentMethod } from '@crossbuy/core/order';
import type { Database } from '../../src/db/client.js';
import { type OrderRow, orders } from '../../src/features/orders/orders.table.js';

const ADDRESS = {
  fullName: 'Tan Ah Kow',
  phoneNumber: '+6581234567',
  address: '1 Raffles Place',
  unitNumber: '#10-01',
  postalCode: '048616',
  country: 'SG',
  state: null,
  city: null,
};

/** An order waiting for payment, written straight to the table (regions from seedRegions). */
export async function placeOrder(
  db: Database,
  userId: string,
  options: { method: PaymentMethod; totalMinor?: number; currency?: CurrencyCode; region?: string },
): Promise<OrderRow> {
  const totalMinor = options.totalMinor ?? 12_345;
  const [order] = await db
    .insert(orders)
    .values({
      orderRef: orderReference(randomBytes(8)),
      userId,
      regionCountryCode: options.region ?? 'SG',
      currency: options.currency ?? 'SGD',
      subtotalMinor: totalMinor,
      totalMinor,
      paymentMethod: options.method,
      shippingAddress: ADDRESS,
      billingAddress: ADDRESS,
      paymentDueAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    })
    .returning();
  if (!order) throw new Error('order insert returned nothing');
  return order;
}
