import type { PaymentMethod } from '@crossbuy/core/order';
import { useReducer } from 'react';
import type { Problems } from '../checkout-problems';

/** What the shopper has chosen on the checkout page, and what the page says is wrong with it. */
export type CheckoutState = {
  /** The delivery address the shopper picked; until they pick one, the main address is used. */
  chosenShipping: string | undefined;
  billingSame: boolean;
  billingAddressId: string | undefined;
  /** Open by itself while the shopper has no address, until they close it. */
  addingAddress: boolean | undefined;
  voucherCode: string | undefined;
  paymentMethod: PaymentMethod | undefined;
  notes: string;
  problems: Problems;
  /** Why the checkout ended while the shopper was on it. */
  sessionEnded: string | undefined;
};

export type CheckoutAction =
  | { type: 'chooseShipping'; id: string }
  /** A new address saved from the checkout closes its form and delivers there. */
  | { type: 'addressAdded'; id: string }
  | { type: 'showAddressForm'; open: boolean }
  | { type: 'billToShipping'; same: boolean }
  | { type: 'chooseBilling'; id: string }
  | { type: 'applyVoucher'; code: string | undefined }
  | { type: 'voucherProblem'; message: string | undefined }
  | { type: 'choosePayment'; method: PaymentMethod }
  /** The estimate's first way to pay, when the one chosen is not (or no longer) offered. */
  | { type: 'offerPayment'; method: PaymentMethod | undefined }
  | { type: 'writeNotes'; notes: string }
  | { type: 'showProblems'; problems: Problems }
  | { type: 'sessionEnded'; message: string };

export const initialCheckoutState: CheckoutState = {
  chosenShipping: undefined,
  billingSame: true,
  billingAddressId: undefined,
  addingAddress: undefined,
  voucherCode: undefined,
  paymentMethod: undefined,
  notes: '',
  problems: {},
  sessionEnded: undefined,
};

/** A choice clears what was said about it; the problems found on placing the order replace all others. */
export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'chooseShipping':
      return {
        ...state,
        chosenShipping: action.id,
        problems: { ...state.problems, shipping: undefined, form: undefined },
      };
    case 'addressAdded':
      return checkoutReducer({ ...state, addingAddress: false }, { type: 'chooseShipping', id: action.id });
    case 'showAddressForm':
      return { ...state, addingAddress: action.open };
    case 'billToShipping':
      return { ...state, billingSame: action.same, problems: { ...state.problems, billing: undefined } };
    case 'chooseBilling':
      return { ...state, billingAddressId: action.id, problems: { ...state.problems, billing: undefined } };
    case 'applyVoucher':
      return { ...state, voucherCode: action.code, problems: { ...state.problems, voucher: undefined } };
    case 'voucherProblem':
      return { ...state, problems: { ...state.problems, voucher: action.message } };
    case 'choosePayment':
      return { ...state, paymentMethod: action.method, problems: { ...state.problems, payment: undefined } };
    case 'offerPayment':
      return { ...state, paymentMethod: action.method };
    case 'writeNotes':
      return { ...state, notes: action.notes };
    case 'showProblems':
      return { ...state, problems: action.problems };
    case 'sessionEnded':
      return { ...state, sessionEnded: action.message };
  }
}

/** The checkout page's state in one place: the shopper's choices and the problems shown with them. */
export function useCheckoutChoices() {
  return useReducer(checkoutReducer, initialCheckoutState);
}
