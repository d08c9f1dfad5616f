import { useEffect, useRef, useState } from 'react';
import { Button } from './button';

type AskFirstProps = {
  /** The button that starts it, such as "Cancel order". */
  label: string;
  question: string;
  confirmLabel: string;
  busyLabel: string;
  keepLabel: string;
  busy: boolean;
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
};

/**
 * An action that cannot be undone asks first: the question is read out, focus waits on the harmless
 * answer, and going back returns focus to the button that asked.
 */
export function AskFirst({
  label,
  question,
  confirmLabel,
  busyLabel,
  keepLabel,
  busy,
  tone = 'danger',
  onConfirm,
}: AskFirstProps) {
  const [asking, setAsking] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  const answered = useRef(false);

  useEffect(() => {
    if (asking) keep.current?.focus();
    else if (answered.current) start.current?.focus();
  }, [asking]);

  if (!asking) {
    return (
      <Button
        ref={start}
        variant={tone === 'danger' ? 'secondary' : 'primary'}
        onClick={() => setAsking(true)}
      >
        {label}
      </Button>
    );
  }
  return (
    <div
      className={`flex flex-col gap-3 rounded-lg p-3 ${tone === 'danger' ? 'bg-danger-50' : 'bg-brand-50'}`}
    >
      <p
        role="alert"
        className={`text-sm font-medium ${tone === 'danger' ? 'text-danger-700' : 'text-brand-900'}`}
      >
        {question}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button variant={tone} onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </Button>
        <Button
          ref={keep}
          variant="secondary"
          disabled={busy}
          onClick={() => {
            answered.current = true;
            setAsking(false);
          }}
        >
          {keepLabel}
        </Button>
      </div>
    </div>
  );
}
