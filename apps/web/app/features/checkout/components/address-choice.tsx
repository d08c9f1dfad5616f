import { formatAddressLines } from '@crossbuy/core/address';
import type { ReactNode, Ref } from 'react';
import type { StoredAddress } from '../../addresses/api/addresses-api';

type AddressChoiceProps = {
  legend: string;
  /** The radio group's name, unique on the page. */
  name: string;
  addresses: readonly StoredAddress[];
  selectedId: string | undefined;
  onChange: (id: string) => void;
  /** Why this choice cannot be used (no address chosen, no delivery there). */
  error?: string | null | undefined;
  children?: ReactNode;
  ref?: Ref<HTMLFieldSetElement>;
};

/** One address out of the address book, each shown as the country prints it. */
export function AddressChoice({
  legend,
  name,
  addresses,
  selectedId,
  onChange,
  error,
  children,
  ref,
}: AddressChoiceProps) {
  const errorId = `${name}-error`;
  return (
    <fieldset
      ref={ref}
      tabIndex={-1}
      aria-describedby={error ? errorId : undefined}
      className="flex min-w-0 flex-col gap-3 outline-none"
    >
      <legend className="mb-2 text-lg font-semibold">{legend}</legend>
      <ul className="flex flex-col gap-2">
        {addresses.map((address) => {
          const id = `${name}-${address.id}`;
          const checked = address.id === selectedId;
          return (
            <li key={address.id}>
              <label
                htmlFor={id}
                className={`flex cursor-pointer items-start gap-3 rounded-xl border bg-white p-3 ${checked ? 'border-brand-700 ring-1 ring-brand-700' : 'border-line'}`}
              >
                <input
                  id={id}
                  type="radio"
                  name={name}
                  value={address.id}
                  checked={checked}
                  onChange={() => onChange(address.id)}
                  className="mt-1 size-5 shrink-0 accent-brand-700"
                />
                <span className="flex min-w-0 flex-col text-sm">
                  <span className="font-semibold break-words">
                    {address.fullName}
                    {address.main ? (
                      <span className="ms-2 text-xs font-normal text-muted">(main)</span>
                    ) : null}
                  </span>
                  {formatAddressLines(address, address.country, { withName: false }).map((line) => (
                    <span key={line} className="break-words text-muted">
                      {line}
                    </span>
                  ))}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      <div id={errorId} aria-live="polite" className="text-sm font-semibold text-danger-700 empty:hidden">
        {error ?? ''}
      </div>
      {children}
    </fieldset>
  );
}
