import type { Address } from '@crossbuy/core/address';
import { messageForError } from '@crossbuy/core/errors';
import { useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { LoadFailure } from '../../../components/ui/page-states';
import type { UserProfile } from '../../../lib/user-store';
import {
  type StoredAddress,
  useAddresses,
  useDeleteAddress,
  useMakeMainAddress,
  useSaveAddress,
} from '../api/addresses-api';
import { AddressCard } from './address-card';
import { AddressForm, addressFormValues } from './address-form';

type Editing = { kind: 'new' } | { kind: 'edit'; address: StoredAddress };

type Outcome = { tone: 'info' | 'error'; text: string };

function newAddressValues(profile: UserProfile, isFirst: boolean) {
  return addressFormValues({
    country: profile.country,
    fullName: `${profile.firstName} ${profile.lastName}`,
    phoneNumber: profile.phoneNumber,
    main: isFirst,
  });
}

/** The signed-in shopper's addresses: list, add, edit, delete and choose the main one. */
export function AddressBook({ profile }: { profile: UserProfile }) {
  const addresses = useAddresses();
  const save = useSaveAddress();
  const remove = useDeleteAddress();
  const makeMain = useMakeMainAddress();
  const [editing, setEditing] = useState<Editing>();
  const [outcome, setOutcome] = useState<Outcome>();
  const outcomeRef = useRef<HTMLDivElement>(null);

  // After a form closes or an action ends, focus lands on what happened rather than the top of the page.
  const report = (next: Outcome) => {
    setOutcome(next);
    requestAnimationFrame(() => outcomeRef.current?.focus());
  };

  if (addresses.isPending) return <Loading>Loading your addresses…</Loading>;
  if (addresses.isError) {
    return (
      <LoadFailure what="your addresses" error={addresses.error} onRetry={() => void addresses.refetch()} />
    );
  }

  const list = addresses.data;

  if (editing) {
    const stored = editing.kind === 'edit' ? editing.address : undefined;
    const isFirst = list.length === 0;
    const onSave = async (address: Address) => {
      await save.mutateAsync({ id: stored?.id, address });
      setEditing(undefined);
      report({ tone: 'info', text: stored ? 'Address saved.' : 'Address added.' });
    };
    return (
      <AddressForm
        title={stored ? 'Edit address' : 'Add an address'}
        initialValues={stored ? addressFormValues(stored) : newAddressValues(profile, isFirst)}
        mainLocked={
          stored?.main
            ? 'This is your main address. To change that, make another address your main one.'
            : isFirst
              ? 'Your first address becomes your main address.'
              : undefined
        }
        onSave={onSave}
        onCancel={() => setEditing(undefined)}
      />
    );
  }

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      report({ tone: 'info', text: done });
    } catch (error) {
      report({ tone: 'error', text: messageForError(error) });
    }
  };

  const busyId = remove.isPending ? remove.variables : makeMain.isPending ? makeMain.variables : undefined;

  return (
    <div className="flex flex-col gap-6">
      <div ref={outcomeRef} tabIndex={-1} className="outline-none">
        {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
      </div>
      <Button
        className="self-start"
        onClick={() => {
          setOutcome(undefined);
          setEditing({ kind: 'new' });
        }}
      >
        Add an address
      </Button>
      {list.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-line bg-white p-6">
          <p className="font-semibold">You have no saved addresses yet.</p>
          <p className="mt-1 text-muted">Add one to keep it at hand.</p>
        </div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Saved addresses">
          {list.map((address) => (
            <AddressCard
              key={address.id}
              address={address}
              busy={busyId === address.id}
              onEdit={() => {
                setOutcome(undefined);
                setEditing({ kind: 'edit', address });
              }}
              onMakeMain={() => void act(() => makeMain.mutateAsync(address.id), 'Main address changed.')}
              onDelete={() => void act(() => remove.mutateAsync(address.id), 'Address deleted.')}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
