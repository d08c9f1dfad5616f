// The store settings' bounds, apart from their schemas so the error catalogue can quote them.

/** Digits a rate may have before and after its decimal point: exact in `numeric`, and no rate needs more. */
export const EXCHANGE_RATE_MAX_INTEGER_DIGITS = 10;
export const EXCHANGE_RATE_MAX_FRACTION_DIGITS = 8;
/** A rate file holds one line per currency; this bounds what a request makes the server parse. */
export const EXCHANGE_RATE_CSV_MAX_CHARACTERS = 20_000;
/** A line per currency the store knows, a header, and room for blank lines' neighbours; more is a wrong file. */
export const EXCHANGE_RATE_CSV_MAX_LINES = 100;
export const QUOTE_VALID_DAYS_MAX = 90;
export const MAX_ADDRESSES_PER_USER_LIMIT = 1000;
/**
 * The most an admin may allow one shopper of unpaid orders, units of one item held, orders an hour or open
 * checkouts: far above any shopper's need, low enough that a typing slip cannot switch a limit off.
 */
export const SHOPPER_LIMIT_MAX = 10_000;
export const TAX_NAME_MAX_LENGTH = 40;
export const SHIPPING_FEE_MAX_MINOR = 100_000_000;
export const SHIPPING_STEP_GRAMS_MAX = 1_000_000;
