import { type CheckoutSelection, reconcileSelection } from '@crossbuy/core/cart';
import { useCallback, useEffect, useMemo, useState } from 'react';

export const CHECKOUT_SELECTION_KEY = 'crossbuy:checkoutSelection';

/** The ids chosen for checkout, or the ids that can be chosen: cart lines and quotation items apart. */
export type SelectionIds = Pick<CheckoutSelection, 'cartItemIds' | 'quotationItemIds'>;
export type SelectionKind = 'cart' | 'quotation';

const EMPTY: SelectionIds = { cartItemIds: [], quotationItemIds: [] };
const listOf = { cart: 'cartItemIds', quotation: 'quotationItemIds' } as const;

const isIdList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((id) => typeof id === 'string');

/** The selection kept for this visit; an unreadable entry counts as nothing chosen. */
export function loadSelection(): SelectionIds {
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

export function saveSelection(selection: SelectionIds): void {
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
  chosen: SelectionIds;
  isSelected: (kind: SelectionKind, id: string) => boolean;
  allChecked: boolean;
  toggle: (kind: SelectionKind, id: string, checked: boolean) => void;
  setAll: (checked: boolean) => void;
};

/**
 * Spec section 3's checkout selection over the cart lines and quotation items that can be bought
 * (`selectable`, undefined while they load), kept in session storage. Ids that no longer exist drop out;
 * `preselectCartItemId` (the line just added by Buy now) is checked once it exists.
 */
export function useCartSelection(
  selectable: SelectionIds | undefined,
  preselectCartItemId: string | null,
): CartSelection {
  const [chosen, setChosen] = useState<SelectionIds | null>(null);

  useEffect(() => {
    if (!selectable) return;
    setChosen((current) => {
      const start = current ?? loadSelection();
      const cartItemIds =
        preselectCartItemId && current === null && !start.cartItemIds.includes(preselectCartItemId)
          ? [...start.cartItemIds, preselectCartItemId]
          : start.cartItemIds;
      const kept = reconcileSelection({ ...start, cartItemIds }, selectable);
      return { cartItemIds: kept.cartItemIds, quotationItemIds: kept.quotationItemIds };
    });
  }, [selectable, preselectCartItemId]);

  useEffect(() => {
    if (chosen) saveSelection(chosen);
  }, [chosen]);

  const toggle = useCallback((kind: SelectionKind, id: string, checked: boolean) => {
    setChosen((current) => {
      const list = listOf[kind];
      const base = current ?? EMPTY;
      const without = base[list].filter((known) => known !== id);
      return { ...base, [list]: checked ? [...without, id] : without };
    });
  }, []);

  const setAll = useCallback(
    (checked: boolean) =>
      setChosen(
        checked && selectable
          ? { cartItemIds: [...selectable.cartItemIds], quotationItemIds: [...selectable.quotationItemIds] }
          : EMPTY,
      ),
    [selectable],
  );

  return useMemo(() => {
    const current = chosen ?? EMPTY;
    const sets = { cart: new Set(current.cartItemIds), quotation: new Set(current.quotationItemIds) };
    return {
      chosen: current,
      isSelected: (kind: SelectionKind, id: string) => sets[kind].has(id),
      allChecked: reconcileSelection(current, selectable ?? EMPTY).allChecked,
      toggle,
      setAll,
    };
  }, [chosen, selectable, toggle, setAll]);
}
