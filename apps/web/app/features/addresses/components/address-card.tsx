import { formatAddressLines } from '@crossbuy/core/address';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { StoredAddress } from '../api/addresses-api';

type AddressCardProps = {
  address: StoredAddress;
  busy: boolean;
  onEdit: () => void;
  onMakeMain: () => void;
  onDelete: () => void;
};

/** One address as the country prints it, with its actions; deleting asks first. */
export function AddressCard({ address, busy, onEdit, onMakeMain, onDelete }: AddressCardProps) {
  const headingId = useId();
  const linesId = useId();
  // Two addresses may share a name; buttons are told apart by the whole address they act on.
  const describedBy = `${headingId} ${linesId}`;
  const [confirming, setConfirming] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  // The name heads the card; the lines read as a letter to the country is addressed.
  const lines = formatAddressLines(address, address.country, { withName: false });

  // The question is read out, and focus waits on the harmless answer.
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);

  return (
    <li
      aria-labelledby={headingId}
      className={`flex flex-col gap-4 rounded-2xl border bg-white p-5 ${address.main ? 'border-brand-700 ring-1 ring-brand-700' : 'border-line'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold break-words">
          {address.fullName}
        </h2>
        {address.main ? (
          <span className="rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">
            Main address
          </span>
        ) : null}
      </div>
      <address id={linesId} className="text-sm not-italic leading-relaxed break-words">
        {lines.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </address>
      {confirming ? (
        <div className="flex flex-col gap-3 rounded-lg bg-danger-50 p-3">
          <p role="alert" className="text-sm font-medium text-danger-700">
            Delete this address? This cannot be undone.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button variant="danger" onClick={onDelete} disabled={busy}>
              {busy ? 'Deleting…' : 'Delete address'}
            </Button>
            <Button ref={keep} variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
              Keep it
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={onEdit} aria-describedby={describedBy} disabled={busy}>
            Edit
          </Button>
          {address.main ? null : (
            <Button variant="secondary" onClick={onMakeMain} aria-describedby={describedBy} disabled={busy}>
              Make main address
            </Button>
          )}
          <Button
            variant="secondary"
            onClick={() => setConfirming(true)}
            aria-describedby={describedBy}
            disabled={busy}
          >
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}
