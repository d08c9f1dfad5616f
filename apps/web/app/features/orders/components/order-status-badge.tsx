import { ORDER_STATUS_LABELS, type OrderStatus } from '@crossbuy/core/order';

const TONES: Record<OrderStatus, string> = {
  pending_payment: 'border border-brand-700 bg-white text-brand-900',
  paid: 'bg-brand-50 text-brand-900',
  processing: 'bg-brand-50 text-brand-900',
  shipped: 'bg-brand-50 text-brand-900',
  delivered: 'bg-brand-50 text-brand-900',
  completed: 'bg-brand-700 text-white',
  cancelled: 'bg-line text-ink',
  disputed: 'bg-danger-50 text-danger-700',
};

/** The order's status in words; the colour only repeats what the words say. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-flex rounded-full px-3 py-1 text-xs font-semibold ${TONES[status]}`}>
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
