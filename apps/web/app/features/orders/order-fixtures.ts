import type { Order, OrderSummary } from '@crossbuy/core/order';

const sgd = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });

const anAddress = {
  fullName: 'Mei Tan',
  phoneNumber: '+6591234567',
  address: '1 Orchard Road',
  unitNumber: '#05-01',
  postalCode: '238801',
  country: 'SG',
  state: null,
  city: null,
};

/** An order waiting for payment, placed at noon UTC: 20:00 the same day in the store's time zone. */
export function anOrder(overrides: Partial<Order> = {}): Order {
  const capture = {
    name: 'Rice cooker',
    mainImage: 'https://images.example/rice-cooker.png',
    paramName: 'rice-cooker-p1',
    variantLabel: 'Colour: White',
    merchantName: 'Kitchen Japan',
    sourceMarketPlace: 'Rakuten',
    productUrl: null,
    unitPrice: sgd(8990),
  };
  return {
    id: 'o1',
    orderRef: 'CB-ABCD2345',
    status: 'pending_payment',
    regionCountryCode: 'SG',
    currency: 'SGD',
    subtotal: sgd(17980),
    discount: sgd(1000),
    shippingFee: sgd(500),
    paymentFee: sgd(0),
    tax: { name: 'GST', ratePercent: '9', inclusive: true, amount: sgd(1443) },
    taxFee: sgd(1443),
    total: sgd(17480),
    voucherCode: 'WELCOME10',
    paymentMethod: 'card',
    notes: 'Please leave it with the concierge.',
    shippingAddress: anAddress,
    billingAddress: anAddress,
    lines: [
      {
        id: 'l1',
        source: 'cart',
        cartItemId: 'c1',
        quotationItemId: null,
        productId: 'p1',
        variantPath: '0',
        quantity: 2,
        unitPrice: sgd(8990),
        total: sgd(17980),
        message: '',
        capture,
      },
    ],
    cartItems: [{ id: 'c1', productId: 'p1', variantPath: '0', quantity: 2 }],
    quotationItems: [],
    productCaptures: [capture],
    trackingNumber: null,
    carrier: null,
    trackingUrl: null,
    cancelReason: null,
    placedAt: '2026-11-20T12:00:00.000Z',
    paymentDueAt: '2026-11-20T13:00:00.000Z',
    paidAt: null,
    processingAt: null,
    shippedAt: null,
    deliveredAt: null,
    completedAt: null,
    cancelledAt: null,
    disputedAt: null,
    paynowMarkedPaidAt: null,
    unreadMessages: 0,
    ...overrides,
  };
}

export function anOrderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  const order = anOrder();
  return {
    id: order.id,
    orderRef: order.orderRef,
    status: order.status,
    total: order.total,
    paymentMethod: order.paymentMethod,
    placedAt: order.placedAt,
    paymentDueAt: order.paymentDueAt,
    unreadMessages: 0,
    lineCount: 1,
    firstItem: { name: 'Rice cooker', mainImage: 'https://images.example/rice-cooker.png', quantity: 2 },
    ...overrides,
  };
}
