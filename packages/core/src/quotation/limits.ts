// The quotation list's bounds, apart from its schemas so the error catalogue can quote them.

export const QUOTATION_MAX_QUANTITY = 999;
/** Items waiting in the list (not yet ordered); pending requests cost the store work, so they are bounded. */
export const QUOTATION_MAX_ITEMS = 50;
export const QUOTATION_INSTRUCTIONS_MAX_LENGTH = 1000;
export const QUOTATION_NAME_MAX_LENGTH = 300;
export const QUOTATION_URL_MAX_LENGTH = 2048;
export const QUOTATION_DECLINE_REASON_MAX_LENGTH = 500;
/** How long a resolved quote holds its prices when QUOTE_VALID_DAYS is not set. */
export const DEFAULT_QUOTE_VALID_DAYS = 7;
/** The heaviest one unit the desk may estimate: a tonne, well past anything sent by parcel. */
export const QUOTATION_WEIGHT_MAX_GRAMS = 1_000_000;
