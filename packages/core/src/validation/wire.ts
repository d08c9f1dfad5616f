import { z } from 'zod';
import { CURRENCIES } from '../money/index.js';

// Schemas of the API's shared wire shapes. They live here, not beside the rules in errors/ and money/,
// so that pages which only format money or show errors never load the validation library.

export const currencyCodeSchema = z.enum(CURRENCIES);

/** Money on the wire: integer minor units and a supported currency. */
export const moneySchema = z.object({ amountMinor: z.int(), currency: currencyCodeSchema });

/** The error envelope every failed API call answers with. */
export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    params: z.array(z.string()),
    message: z.string(),
  }),
});
