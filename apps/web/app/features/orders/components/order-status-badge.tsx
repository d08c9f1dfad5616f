import { ORDER_STATUS_LABELS, type OrderStatus } from '@crossbuy/core/order';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';

const TONES: Record<OrderStatus, StatusTone> = {
  pending_payment: 'waiting',
  paid: 'live',
  processing: 'live',
  shipped: 'live',
  delivered: 'live',
  completed: 'done',
  cancelled: 'over',
  disputed: 'danger',
};

/** The order's status in words; the colour only repeats what the words say. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <StatusBadge tone={TONES[status]}>{ORDER_STATUS_LABELS[status]}</StatusBadge>;
}
