import { type CheckoutSelection, reconcileSelection } from '@crossbuy/core/cart';
import { useCallback, useEffect, useMemo, useState } from 'react';

export const CHECKOUT_SELECTION_KEY = 'crossbuy:checkoutSelection';

/** The ids chosen for checkout, or the ids that can be chosen: cart lines and quotation items apart. */
export type SelectionIds = Pick<CheckoutSelection, 'cartItemIds' | 'quotationItemIds'>;
export type SelectionKind = 'cart' | 'quotation';

const EMPTY: SelectionIds = { cartItemIds: [], quotationItemIds: [] };
const listOf = { cart: 'cartItemIds', quotation: 'quotationItemIds' } as const;

/**
 * The selection as it is kept: the chosen ids, and the ids that could be chosen when it was last changed.
 * A line that can be bought and was not offered then is new to the shopper, so it starts chosen; a line
 * they unchecked stays unchecked.
 */
export type KeptSelection = { chosen: SelectionIds; offered: SelectionIds };

const NOTHING_KEPT: KeptSelection = { chosen: EMPTY, offered: EMPTY };

const isIdList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((id) => typeof id === 'string');

const idsIn = (value: unknown): SelectionIds => {
  const { cartItemIds, quotationItemIds } = (
    typeof value === 'object' && value !== null ? value : {}
  ) as Record<string, unknown>;
  return {
    cartItemIds: isIdList(cartItemIds) ? cartItemIds : [],
    quotationItemIds: isIdList(quotationItemIds) ? quotationItemIds : [],
  };
};

/** The selection kept for this visit; an unreadable entry counts as nothing chosen and nothing offered. */
export function loadSelection(): KeptSelection {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(CHECKOUT_SELECTION_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return NOTHING_KEPT;
    return { chosen: idsIn(value), offered: idsIn((value as Record<string, unknown>).offered) };
  } catch {
    return NOTHING_KEPT;
  }
}

export function saveSelection({ chosen, offered }: KeptSelection): void {
  try {
    window.sessionStorage.setItem(
      CHECKOUT_SELECTION_KEY,
      JSON.stringify({
        cartItemIds: chosen.cartItemIds,
        quotationItemIds: chosen.quotationItemIds,
        offered: { cartItemIds: offered.cartItemIds, quotationItemIds: offered.quotationItemIds },
      }),
    );
  } catch {
    // Storage full or disabled: the selection lasts as long as the page.
  }
}

/**
 * Chooses one line for checkout in the kept selection, as a page outside the cart does when the shopper
 * asks to buy it there ("Add to cart" on a quoted item): the cart then opens with it checked.
 */
export function chooseForCheckout(kind: SelectionKind, id: string): void {
  const kept = loadSelection();
  const list = listOf[kind];
  const add = (ids: string[]) => (ids.includes(id) ? ids : [...ids, id]);
  saveSelection({
    chosen: { ...kept.chosen, [list]: add(kept.chosen[list]) },
    offered: { ...kept.offered, [list]: add(kept.offered[list]) },
  });
}

/**
 * The kept selection over what can be chosen now: ids that no longer exist drop out (docs/rules/cart-and-checkout.md), and
 * lines that were not offered before are chosen, so a cart starts with everything in it selected.
 */
export function selectionOver(kept: KeptSelection, selectable: SelectionIds): KeptSelection {
  const withNew = (kind: keyof SelectionIds) => {
    const offered = new Set(kept.offered[kind]);
    const fresh = selectable[kind].filter((id) => !offered.has(id) && !kept.chosen[kind].includes(id));
    return [...kept.chosen[kind], ...fresh];
  };
  const reconciled = reconcileSelection(
    { cartItemIds: withNew('cartItemIds'), quotationItemIds: withNew('quotationItemIds') },
    selectable,
  );
  return {
    chosen: { cartItemIds: reconciled.cartItemIds, quotationItemIds: reconciled.quotationItemIds },
    offered: { cartItemIds: [...selectable.cartItemIds], quotationItemIds: [...selectable.quotationItemIds] },
  };
}

export type CartSelection = {
  chosen: SelectionIds;
  isSelected: (kind: SelectionKind, id: string) => boolean;
  allChecked: boolean;
  toggle: (kind: SelectionKind, id: string, checked: boolean) => void;
  setAll: (checked: boolean) => void;
};

/**
 * The checkout selection (docs/rules/cart-and-checkout.md) over the cart lines and quotation items that can be bought
 * (`selectable`, undefined while they load), kept in session storage. Ids that no longer exist drop out,
 * lines new to the shopper start chosen, and `preselectCartItemId` (the line the page was opened on) is
 * checked once it exists.
 */
export function useCartSelection(
  selectable: SelectionIds | undefined,
  preselectCartItemId: string | null,
): CartSelection {
  const [kept, setKept] = useState<KeptSelection | null>(null);

  useEffect(() => {
    if (!selectable) return;
    setKept((current) => {
      const start = current ?? loadSelection();
      const chosenCartIds =
        preselectCartItemId && current === null && !start.chosen.cartItemIds.includes(preselectCartItemId)
          ? [...start.chosen.cartItemIds, preselectCartItemId]
          : start.chosen.cartItemIds;
      return selectionOver({ ...start, chosen: { ...start.chosen, cartItemIds: chosenCartIds } }, selectable);
    });
  }, [selectable, preselectCartItemId]);

  useEffect(() => {
    if (kept) saveSelection(kept);
  }, [kept]);

  const toggle = useCallback((kind: SelectionKind, id: string, checked: boolean) => {
    setKept((current) => {
      const list = listOf[kind];
      const base = current ?? NOTHING_KEPT;
      const without = base.chosen[list].filter((known) => known !== id);
      return { ...base, chosen: { ...base.chosen, [list]: checked ? [...without, id] : without } };
    });
  }, []);

  const setAll = useCallback(
    (checked: boolean) =>
      setKept((current) => ({
        offered: current?.offered ?? EMPTY,
        chosen:
          checked && selectable
            ? { cartItemIds: [...selectable.cartItemIds], quotationItemIds: [...selectable.quotationItemIds] }
            : EMPTY,
      })),
    [selectable],
  );

  return useMemo(() => {
    const current = kept?.chosen ?? EMPTY;
    const sets = { cart: new Set(current.cartItemIds), quotation: new Set(current.quotationItemIds) };
    return {
      chosen: current,
      isSelected: (kind: SelectionKind, id: string) => sets[kind].has(id),
      allChecked: reconcileSelection(current, selectable ?? EMPTY).allChecked,
      toggle,
      setAll,
    };
  }, [kept, selectable, toggle, setAll]);
}
