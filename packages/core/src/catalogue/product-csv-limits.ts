// The product file's bounds, apart from its schemas so the error catalogue can quote them without
// bringing a validation library into every page.

/** What one upload may hold: a catalogue of a few thousand variants, far below what a request should parse. */
export const PRODUCT_CSV_MAX_CHARACTERS = 1_000_000;
/** Lines of one upload, the header included; a larger catalogue is imported in parts. */
export const PRODUCT_CSV_MAX_LINES = 5_000;
