import { type CheckoutSelection, reconcileSelection } from '@crossbuy/core/cart';
import { useCallback, useEffect, useMemo, useState } from 'react';

export const CHECKOUT_SELECTION_KEY = 'crossbuy:checkoutSelection';

type StoredSelection = Pick<CheckoutSelection, 'cartItemIds' | 'quotationItemIds'>;
const EMPTY: StoredSelection = { cartItemIds: [], quotationItemIds: [] };

const isIdList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((id) => typeof id === 'string');

/** The selection kept for this visit; an unreadable entry counts as nothing chosen. */
export function loadSelection(): StoredSelection {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(CHECKOUT_SELECTION_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return EMPTY;
    const { cartItemIds, quotationItemIds } = value as Record<string, unknown>;
    return {
      cartItemIds: isIdList(cartItemIds) ? cartItemIds : [],
      quotationItemIds: isIdList(quotationItemIds) ? quotationItemIds : [],
    };
  } catch {
    return EMPTY;
  }
}

export function saveSelection(selection: StoredSelection): void {
  try {
    window.sessionStorage.setItem(
      CHECKOUT_SELECTION_KEY,
      JSON.stringify({ cartItemIds: selection.cartItemIds, quotationItemIds: selection.quotationItemIds }),
    );
  } catch {
    // Storage full or disabled: the selection lasts as long as the page.
  }
}

export type CartSelection = {
  selected: ReadonlySet<string>;
  allChecked: boolean;
  toggle: (id: string, checked: boolean) => void;
  setAll: (checked: boolean) => void;
};

/**
 * Spec section 3's checkout selection for the cart lines that can be bought (`selectableIds`, undefined
 * while the cart loads), kept in session storage. Ids that no longer exist drop out; `preselectId` (the
 * line just added by Buy now) is checked once it exists.
 */
export function useCartSelection(
  selectableIds: readonly string[] | undefined,
  preselectId: string | null,
): CartSelection {
  const [chosen, setChosen] = useState<string[] | null>(null);

  useEffect(() => {
    if (!selectableIds) return;
    setChosen((current) => {
      const start = current ?? loadSelection().cartItemIds;
      const wanted =
        preselectId && current === null && !start.includes(preselectId) ? [...start, preselectId] : start;
      return reconcileSelection(
        { cartItemIds: wanted, quotationItemIds: [] },
        { cartItemIds: selectableIds, quotationItemIds: [] },
      ).cartItemIds;
    });
  }, [selectableIds, preselectId]);

  useEffect(() => {
    if (chosen) saveSelection({ cartItemIds: chosen, quotationItemIds: loadSelection().quotationItemIds });
  }, [chosen]);

  const toggle = useCallback((id: string, checked: boolean) => {
    setChosen((current) => {
      const without = (current ?? []).filter((known) => known !== id);
      return checked ? [...without, id] : without;
    });
  }, []);

  const setAll = useCallback(
    (checked: boolean) => setChosen(checked ? [...(selectableIds ?? [])] : []),
    [selectableIds],
  );

  return useMemo(() => {
    const selected = new Set(chosen ?? []);
    const allChecked = reconcileSelection(
      { cartItemIds: [...selected], quotationItemIds: [] },
      { cartItemIds: selectableIds ?? [], quotationItemIds: [] },
    ).allChecked;
    return { selected, allChecked, toggle, setAll };
  }, [chosen, selectableIds, toggle, setAll]);
}
