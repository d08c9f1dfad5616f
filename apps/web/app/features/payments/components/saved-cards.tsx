import type { SavedCard } from '@crossbuy/core/order';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button, PendingButton } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { useRemoveSavedCard, useSavedCards } from '../api/payments-api';

const expiry = (card: SavedCard) => `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
const brandName = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

function SavedCardRow({ card }: { card: SavedCard }) {
  const remove = useRemoveSavedCard();
  const [confirming, setConfirming] = useState(false);
  const label = `${brandName(card.brand)} ending ${card.last4}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line px-4 py-3">
      <span>
        <span className="font-medium">{label}</span>
        <span className="ms-2 text-sm text-muted">expires {expiry(card)}</span>
      </span>
      {confirming ? (
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="sr-only">{`Remove ${label}?`}</legend>
          <span className="text-sm" aria-hidden="true">
            Remove this card?
          </span>
          <PendingButton
            variant="danger"
            pending={remove.isPending}
            pendingLabel="Removing…"
            onClick={() => remove.mutate(card.id)}
          >
            Remove
          </PendingButton>
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={remove.isPending}>
            Keep
          </Button>
        </fieldset>
      ) : (
        <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={`Remove ${label}`}>
          Remove
        </Button>
      )}
      {remove.isError && (
        <div className="basis-full">
          <ErrorAlert error={remove.error} />
        </div>
      )}
    </li>
  );
}

/**
 * The cards the shopper saved when paying. Listing and removing them needs two-factor authentication
 * passed in this session (docs/rules/accounts.md), so without it the section
 * says how to get there instead of asking the server.
 */
export function SavedCards({ tfaPassed }: { tfaPassed: boolean }) {
  const cards = useSavedCards(tfaPassed);
  if (!tfaPassed) {
    return (
      <p className="text-muted">
        Your saved cards are shown once you have signed in with two-factor authentication. Turn it on above,
        then sign in again.
      </p>
    );
  }
  if (cards.isPending) return <Loading>Loading your saved cards…</Loading>;
  if (cards.isError) return <ErrorAlert error={cards.error} />;
  if (cards.data.paymentMethods.length === 0) {
    return <p className="text-muted">No saved cards. When you pay by card you can choose to save it here.</p>;
  }
  return (
    <ul className="flex flex-col gap-3">
      {cards.data.paymentMethods.map((card) => (
        <SavedCardRow key={card.id} card={card} />
      ))}
    </ul>
  );
}
