import { type AdminProduct, PRODUCT_MAX_STOCK } from '@crossbuy/core/catalogue';
import { messageForError } from '@crossbuy/core/errors';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { isStaleProduct, type ProductChange } from '../api/product-admin-api';

/** Sends one change of the product and answers the product as it is now. */
export type Change = (change: ProductChange) => Promise<AdminProduct>;

/** What a part of the page says after an action: done (announced politely) or refused (an alert). */
export type Outcome = { done: string } | { refused: string } | null;

export function useOutcome() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async (action: () => Promise<unknown>, done: string) => {
    setOutcome(null);
    try {
      await action();
      setOutcome({ done });
      return true;
    } catch (error) {
      // A stale change is explained once, above every part of the page, with the way to reload.
      if (!isStaleProduct(error)) setOutcome({ refused: messageForError(error) });
      return false;
    }
  };
  return { outcome, run };
}

export function OutcomeMessage({ outcome }: { outcome: Outcome }) {
  return (
    <>
      {outcome && 'refused' in outcome ? <Alert>{outcome.refused}</Alert> : null}
      <p role="status" className="text-sm">
        {outcome && 'done' in outcome ? outcome.done : ''}
      </p>
    </>
  );
}

/** A typed stock count, or null when it is not a whole number the store can hold. */
export function wholeCount(text: string): number | null {
  const value = Number(text.trim());
  return /^\d{1,9}$/.test(text.trim()) && value <= PRODUCT_MAX_STOCK ? value : null;
}

export const STOCK_HINT = `A whole number from 0 to ${PRODUCT_MAX_STOCK}`;

export const PRICE_HINT = 'Please enter a price such as 12.50';
