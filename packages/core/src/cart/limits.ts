// The cart's bounds, apart from its schemas so the error catalogue can quote them without importing Zod.

/** The most of one line a shopper can put in the cart: a store for people, not for resellers. */
export const CART_MAX_QUANTITY = 99;
/** The most different lines one cart holds; beyond it a cart page is no longer something to read. */
export const CART_MAX_ITEMS = 100;
export const CART_MESSAGE_MAX_LENGTH = 500;
