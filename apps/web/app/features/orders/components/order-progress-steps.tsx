import { formatStoreDate, formatStoreDateTime } from '@crossbuy/core/dates';
import { ORDER_STATUS, type Order } from '@crossbuy/core/order';
import { orderProgress, type ProgressStep } from '../order-progress';

const MARKS = {
  done: 'border-brand-700 bg-brand-700 text-white',
  current: 'border-brand-700 bg-white text-brand-800 ring-2 ring-brand-700',
  upcoming: 'border-line bg-white text-muted',
} as const;

/**
 * What a step's circle shows: a tick for a step reached and left, and for the last one when the order is
 * complete (there is nothing left to count to); a cross for a cancelled order's end; else its number.
 */
function stepMark(step: ProgressStep, index: number): string {
  if (step.state === 'done' || (step.state === 'current' && step.status === ORDER_STATUS.completed))
    return '✓';
  if (step.state === 'current' && step.status === ORDER_STATUS.cancelled) return '✕';
  return String(index + 1);
}

/** Where the order stands in its lifecycle: a list of steps, read in order, the current one marked. */
export function OrderProgressSteps({ order }: { order: Order }) {
  const steps = orderProgress(order);
  return (
    <ol aria-label="Order progress" className="flex flex-col gap-3 sm:flex-row sm:gap-0">
      {steps.map((step, index) => (
        <li
          key={step.status}
          aria-current={step.state === 'current' ? 'step' : undefined}
          className="flex items-start gap-3 sm:flex-1 sm:flex-col sm:items-center sm:text-center"
        >
          <span
            aria-hidden="true"
            className={`flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold ${MARKS[step.state]}`}
          >
            {stepMark(step, index)}
          </span>
          <span className="flex flex-col">
            <span className={`text-sm font-semibold ${step.state === 'upcoming' ? 'text-muted' : ''}`}>
              {step.label}
              {step.state === 'upcoming' ? <span className="sr-only"> (still to come)</span> : null}
            </span>
            {/* The store day only: six times to the second with their zone crowd the steps, and the timeline
                below says each to the second. */}
            {step.at ? (
              <time dateTime={step.at} title={formatStoreDateTime(step.at)} className="text-xs text-muted">
                {formatStoreDate(step.at)}
              </time>
            ) : null}
          </span>
        </li>
      ))}
    </ol>
  );
}
