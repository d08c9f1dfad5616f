import type { CostEstimate, PaymentMethod } from '@crossbuy/core/order';
import type { Ref } from 'react';

type PaymentMethodsProps = {
  estimate: CostEstimate;
  chosen: PaymentMethod | undefined;
  error: string | undefined;
  fieldsetRef: Ref<HTMLFieldSetElement>;
  onChange: (method: PaymentMethod) => void;
};

/** The ways this order can be paid, each with its fee. */
export function PaymentMethods({ estimate, chosen, error, fieldsetRef, onChange }: PaymentMethodsProps) {
  return (
    <fieldset
      ref={fieldsetRef}
      tabIndex={-1}
      aria-describedby={error ? 'payment-method-error' : undefined}
      className="flex min-w-0 flex-col gap-2 outline-none"
    >
      <legend className="mb-2 text-lg font-semibold">Payment method</legend>
      {estimate.paymentMethods.length === 0 ? (
        <p className="text-muted">This order cannot be paid online yet.</p>
      ) : null}
      {estimate.paymentMethods.map((option) => {
        const id = `payment-method-${option.method}`;
        return (
          <label
            key={option.method}
            htmlFor={id}
            className={`flex cursor-pointer items-center gap-3 rounded-xl border bg-white p-3 text-sm ${chosen === option.method ? 'border-brand-700 ring-1 ring-brand-700' : 'border-line'}`}
          >
            <input
              id={id}
              type="radio"
              name="payment-method"
              value={option.method}
              checked={chosen === option.method}
              onChange={() => onChange(option.method)}
              className="size-5 shrink-0 accent-brand-700"
            />
            <span className="font-semibold">{option.label}</span>
            {Number(option.feePercent) > 0 ? (
              <span className="text-muted">{option.feePercent}% fee</span>
            ) : null}
          </label>
        );
      })}
      <div
        id="payment-method-error"
        aria-live="polite"
        className="text-sm font-semibold text-danger-700 empty:hidden"
      >
        {error ?? ''}
      </div>
    </fieldset>
  );
}
