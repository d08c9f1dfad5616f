import type { CostEstimate } from '@crossbuy/core/order';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, textLinkClasses } from '../../../components/ui/button';
import { CostBreakdown } from './cost-breakdown';

type OrderSummaryProps = {
  estimate: CostEstimate;
  /** A new estimate is on its way. */
  updating: boolean;
  hasAddress: boolean;
  /** Why the order as a whole cannot be placed. */
  problem: string | undefined;
  problemRef: Ref<HTMLDivElement>;
  busy: boolean;
  onPlace: () => void;
};

/** What the order costs, and the button that places it. */
export function OrderSummary({
  estimate,
  updating,
  hasAddress,
  problem,
  problemRef,
  busy,
  onPlace,
}: OrderSummaryProps) {
  return (
    <aside aria-labelledby="summary-heading" className="flex flex-col gap-4 self-start lg:sticky lg:top-24">
      <div className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4 sm:p-6">
        <h2 id="summary-heading" className="text-lg font-semibold">
          Order summary
        </h2>
        <CostBreakdown estimate={estimate} updating={updating} hasAddress={hasAddress} />
        <div ref={problemRef} tabIndex={-1} className="outline-none empty:hidden">
          {problem ? <Alert>{problem}</Alert> : null}
        </div>
        <Button onClick={onPlace} disabled={busy}>
          {busy ? 'Placing your order…' : 'Place order'}
        </Button>
        <p className="text-xs text-muted">
          You pay on the next page.{' '}
          <Link to="/cart" className={textLinkClasses}>
            Back to your cart
          </Link>
        </p>
      </div>
    </aside>
  );
}
