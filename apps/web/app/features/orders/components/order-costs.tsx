import type { Order } from '@crossbuy/core/order';
import { Price } from '../../../components/ui/price';

/** The tax line as a receipt words it: 'GST 9% (included)' when prices include it, else 'GST 9%'. */
export function taxLabel(tax: NonNullable<Order['tax']>): string {
  return `${tax.name} ${tax.ratePercent}%${tax.inclusive ? ' (included)' : ''}`;
}

function Row({
  label,
  children,
  strong = false,
}: {
  label: string;
  children: React.ReactNode;
  strong?: boolean;
}) {
  return (
    <div
      className={`flex justify-between gap-4 py-1 ${strong ? 'border-t border-line pt-2 text-base font-bold' : ''}`}
    >
      <dt>{label}</dt>
      <dd className="text-end">{children}</dd>
    </div>
  );
}

/** What the order costs, component by component, adding up to the total. */
export function OrderCosts({ order }: { order: Order }) {
  const { tax } = order;
  return (
    <dl className="flex flex-col text-sm" aria-label="Cost breakdown">
      <Row label="Subtotal">
        <Price value={order.subtotal} />
      </Row>
      {order.discount.amountMinor > 0 ? (
        <Row label={order.voucherCode ? `Discount (voucher ${order.voucherCode})` : 'Discount'}>
          −<Price value={order.discount} />
        </Row>
      ) : null}
      <Row label="Shipping">
        <Price value={order.shippingFee} />
      </Row>
      {order.paymentFee.amountMinor > 0 ? (
        <Row label="Payment fee">
          <Price value={order.paymentFee} />
        </Row>
      ) : null}
      {tax ? (
        <Row label={taxLabel(tax)}>
          <Price value={tax.amount} />
        </Row>
      ) : null}
      <Row label="Total" strong>
        <Price value={order.total} />
      </Row>
    </dl>
  );
}
