import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';

type ConfirmPriceChangeProps = {
  /** What will change, e.g. "MYR will be 3.6 per SGD". */
  question: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A change that moves the prices shoppers see asks first. The question is read out and focus waits on
 * the harmless answer; the caller returns focus where the change started when it is called off.
 */
export function ConfirmPriceChange({
  question,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: ConfirmPriceChangeProps) {
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    keep.current?.focus();
  }, []);
  return (
    <div className="flex flex-col gap-3 rounded-lg bg-brand-50 p-3">
      <p role="alert" className="text-sm font-medium text-brand-900">
        {question} Prices worked out from now on use it; quotes already given keep their prices.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={onConfirm} disabled={busy}>
          {busy ? 'Saving…' : confirmLabel}
        </Button>
        <Button ref={keep} variant="secondary" disabled={busy} onClick={onCancel}>
          Go back
        </Button>
      </div>
    </div>
  );
}
