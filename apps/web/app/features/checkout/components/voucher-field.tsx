import { messageForError } from '@crossbuy/core/errors';
import { formatMoney } from '@crossbuy/core/money';
import { type Ref, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import type { AvailableVoucher } from '../api/checkout-api';

type VoucherFieldProps = {
  /** The voucher on the order now, if any. */
  applied: string | undefined;
  /** Why the applied voucher or the code tried gives nothing. */
  error: string | undefined;
  available: readonly AvailableVoucher[];
  /** Checks a typed code with the store; throws the store's refusal. */
  validate: (code: string) => Promise<string>;
  onApply: (code: string) => void;
  onRemove: () => void;
  onError: (message: string | undefined) => void;
  inputRef?: Ref<HTMLInputElement>;
};

/** A voucher code typed in or picked from the shopper's vouchers, with the reason when it does not apply. */
export function VoucherField({
  applied,
  error,
  available,
  validate,
  onApply,
  onRemove,
  onError,
  inputRef,
}: VoucherFieldProps) {
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);

  const apply = async () => {
    const typed = code.trim();
    if (typed === '') {
      onError('Please type a voucher code');
      return;
    }
    setChecking(true);
    onError(undefined);
    try {
      onApply(await validate(typed));
      setCode('');
    } catch (failure) {
      onError(messageForError(failure));
    } finally {
      setChecking(false);
    }
  };

  return (
    <section aria-labelledby="voucher-heading" className="flex flex-col gap-3">
      <h2 id="voucher-heading" className="text-lg font-semibold">
        Voucher
      </h2>
      {applied ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand-200 bg-brand-50 px-3 py-2 text-sm">
          <p>
            Voucher <span className="font-semibold">{applied}</span> is on this order.
          </p>
          <Button
            variant="secondary"
            className="min-h-9"
            onClick={onRemove}
            aria-label={`Remove voucher ${applied}`}
          >
            Remove
          </Button>
        </div>
      ) : null}
      <form
        className="flex flex-wrap items-start gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void apply();
        }}
      >
        <TextField
          ref={inputRef}
          label={applied ? 'Another voucher code' : 'Voucher code'}
          className="min-w-0 flex-1 basis-48"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={code}
          error={error}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" variant="secondary" className="sm:mt-7" disabled={checking}>
          {checking ? 'Checking…' : 'Apply'}
        </Button>
      </form>
      {available.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">Your vouchers</h3>
          <ul className="flex flex-col gap-2" aria-label="Your vouchers">
            {available.map((voucher) => (
              <li
                key={voucher.code}
                aria-label={voucher.code}
                className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-line bg-white p-3 text-sm"
              >
                <div className="min-w-0">
                  <p className="font-semibold">{voucher.code}</p>
                  <p className="text-muted">{voucher.description}</p>
                  {voucher.refusal ? (
                    <p className="text-danger-700">{messageForError(voucher.refusal)}</p>
                  ) : voucher.discount ? (
                    <p>Saves {formatMoney(voucher.discount)}</p>
                  ) : null}
                </div>
                <Button
                  variant="secondary"
                  className="min-h-9"
                  disabled={voucher.refusal !== null || voucher.code === applied}
                  aria-label={`Use voucher ${voucher.code}`}
                  onClick={() => {
                    onError(undefined);
                    onApply(voucher.code);
                  }}
                >
                  {voucher.code === applied ? 'In use' : 'Use'}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
