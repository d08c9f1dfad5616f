import {
  ORDER_STATUS,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_TIME_FIELDS,
  type Order,
  type OrderStatus,
} from '@crossbuy/core/order';

/** The way an order goes when nothing goes wrong; cancelled and disputed branch off it. */
const HAPPY_PATH: readonly OrderStatus[] = [
  ORDER_STATUS.pendingPayment,
  ORDER_STATUS.paid,
  ORDER_STATUS.processing,
  ORDER_STATUS.shipped,
  ORDER_STATUS.delivered,
  ORDER_STATUS.completed,
];

// A step shows where the order got to; the first is when it was placed, whatever it waits for now.
const STEP_LABELS: Record<OrderStatus, string> = {
  ...ORDER_STATUS_LABELS,
  [ORDER_STATUS.pendingPayment]: 'Placed',
};

export type ProgressStep = {
  status: OrderStatus;
  label: string;
  /** When the order reached this step; null for a step still to come. */
  at: string | null;
  state: 'done' | 'current' | 'upcoming';
};

const reachedAt = (order: Order, status: OrderStatus): string | null =>
  order[ORDER_STATUS_TIME_FIELDS[status]];

/**
 * The order's lifecycle as steps: those it reached, with their times, then those still to come. A step
 * it went past without stopping (completed straight from shipped) is left out, and an order that was
 * cancelled or disputed ends on that step, with nothing to come.
 */
export function orderProgress(order: Order): ProgressStep[] {
  const branched = order.status === ORDER_STATUS.cancelled || order.status === ORDER_STATUS.disputed;
  const currentIndex = HAPPY_PATH.indexOf(order.status);
  const steps: ProgressStep[] = [];
  HAPPY_PATH.forEach((status, index) => {
    const at = reachedAt(order, status);
    const isCurrent = status === order.status;
    if ((at !== null || isCurrent) && (branched || index <= currentIndex)) {
      steps.push({ status, label: STEP_LABELS[status], at, state: isCurrent ? 'current' : 'done' });
    } else if (!branched && index > currentIndex) {
      steps.push({ status, label: STEP_LABELS[status], at: null, state: 'upcoming' });
    }
  });
  if (branched) {
    steps.push({
      status: order.status,
      label: STEP_LABELS[order.status],
      at: reachedAt(order, order.status),
      state: 'current',
    });
  }
  return steps;
}
