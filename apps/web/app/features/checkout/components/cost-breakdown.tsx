import { formatMoney, type Money } from '@crossbuy/core/money';
import type { CostEstimate } from '@crossbuy/core/order';

/** 'GST 9% (included)' for a tax inside the prices, 'Sales tax 8%' for one added on top. */
export function taxLabel(tax: NonNullable<CostEstimate['tax']>): string {
  return `${tax.name} ${tax.ratePercent}%${tax.inclusive ? ' (included)' : ''}`;
}

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-muted">{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

const negative = (value: Money) => `−${formatMoney(value)}`;

type CostBreakdownProps = {
  estimate: CostEstimate;
  /** A newer estimate is on its way: the figures shown are the last ones. */
  updating: boolean;
  hasAddress: boolean;
};

/** What the order costs with the choices made so far; the total is read out when it changes. */
export function CostBreakdown({ estimate, updating, hasAddress }: CostBreakdownProps) {
  const { subtotal, discount, shippingFee, paymentFee, tax, total } = estimate;
  return (
    <div aria-busy={updating || undefined}>
      <dl className={`flex flex-col gap-2 text-sm ${updating ? 'opacity-70' : ''}`}>
        <Row label="Subtotal" value={formatMoney(subtotal)} testId="cost-subtotal" />
        {discount.amountMinor > 0 ? (
          <Row
            label={estimate.voucher ? `Voucher ${estimate.voucher.code}` : 'Discount'}
            value={negative(discount)}
            testId="cost-discount"
          />
        ) : null}
        <Row
          label="Shipping"
          value={
            !hasAddress
              ? 'Choose an address'
              : estimate.shippingRefusal
                ? 'Not available'
                : shippingFee.amountMinor === 0
                  ? 'Free'
                  : formatMoney(shippingFee)
          }
          testId="cost-shipping"
        />
        {paymentFee.amountMinor > 0 ? (
          <Row label="Payment fee" value={formatMoney(paymentFee)} testId="cost-payment-fee" />
        ) : null}
        {tax ? <Row label={taxLabel(tax)} value={formatMoney(tax.amount)} testId="cost-tax" /> : null}
        <div className="mt-2 flex items-baseline justify-between gap-3 border-t border-line pt-3 text-lg font-semibold">
          <dt>Total</dt>
          <dd data-testid="cost-total" aria-live="polite" aria-atomic="true">
            {formatMoney(total)}
          </dd>
        </div>
      </dl>
      <p role="status" className="mt-2 min-h-5 text-xs text-muted">
        {updating ? 'Updating the total…' : ''}
      </p>
    </div>
  );
}
