import type { CustomerDetail } from '@crossbuy/core/customer';
import { formatStoreDateTime } from '@crossbuy/core/dates';
import { messageForError } from '@crossbuy/core/errors';
import { useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { AskFirst } from '../../../components/ui/ask-first';
import { Panel } from '../../../components/ui/panel';
import { useBlacklisting } from '../api/customers-api';

/**
 * Blacklists the customer, or lifts it, after asking: a blacklisting ends every session of theirs at once,
 * so the question says so. The outcome is read out where the question was.
 */
export function CustomerBlacklisting({ customer }: { customer: CustomerDetail }) {
  const change = useBlacklisting(customer.id);
  const [done, setDone] = useState('');
  // The question and its buttons give way to the other action, so focus moves to the outcome.
  const outcome = useRef<HTMLParagraphElement>(null);
  const blacklisted = customer.blacklisting !== null;

  const run = (blacklist: boolean) => {
    setDone('');
    change.mutate(blacklist, {
      onSuccess: () => {
        setDone(
          blacklist
            ? `${customer.email} is blacklisted and signed out everywhere.`
            : `${customer.email} may sign in again.`,
        );
        outcome.current?.focus();
      },
    });
  };

  return (
    <Panel headingId="blacklisting-heading" title="Blacklisting">
      {customer.blacklisting ? (
        <p data-testid="blacklisting">
          Blacklisted on {formatStoreDateTime(customer.blacklisting.at)}
          {customer.blacklisting.by ? ` by ${customer.blacklisting.by.email}` : ''}. They cannot sign in or
          use the store.
        </p>
      ) : (
        <p>Not blacklisted.</p>
      )}
      {blacklisted ? (
        <AskFirst
          key="lift"
          label="Lift the blacklisting"
          question={`Let ${customer.email} sign in and use the store again?`}
          confirmLabel="Yes, lift it"
          busyLabel="Lifting…"
          keepLabel="Keep them blacklisted"
          tone="primary"
          busy={change.isPending}
          onConfirm={() => run(false)}
        />
      ) : (
        <AskFirst
          key="blacklist"
          label="Blacklist this customer"
          question={`Blacklist ${customer.email}? Every session of theirs ends at once, and they cannot sign in until the blacklisting is lifted.`}
          confirmLabel="Yes, blacklist them"
          busyLabel="Blacklisting…"
          keepLabel="Keep the account"
          busy={change.isPending}
          onConfirm={() => run(true)}
        />
      )}
      {change.isError ? <Alert>{messageForError(change.error)}</Alert> : null}
      <p ref={outcome} tabIndex={-1} role="status" className="text-sm">
        {done}
      </p>
    </Panel>
  );
}
