import type { z } from 'zod';
import { CART_MAX_ITEMS, CART_MAX_QUANTITY, CART_MESSAGE_MAX_LENGTH } from '../cart/limits.js';
import { PRODUCT_CSV_MAX_CHARACTERS, PRODUCT_CSV_MAX_LINES } from '../catalogue/product-csv-limits.js';
import { BULK_SHIP_MAX_ORDERS, CARRIER_NAME_MAX_LENGTH, CARRIERS_MAX } from '../order/shipping-limits.js';
import {
  QUOTATION_DECLINE_REASON_MAX_LENGTH,
  QUOTATION_INSTRUCTIONS_MAX_LENGTH,
  QUOTATION_MAX_ITEMS,
  QUOTATION_MAX_QUANTITY,
  QUOTATION_NAME_MAX_LENGTH,
} from '../quotation/limits.js';
import {
  EXCHANGE_RATE_CSV_MAX_CHARACTERS,
  EXCHANGE_RATE_CSV_MAX_LINES,
  MAX_ADDRESSES_PER_USER_LIMIT,
  QUOTE_VALID_DAYS_MAX,
  SHOPPER_LIMIT_MAX,
  TAX_NAME_MAX_LENGTH,
} from '../settings/limits.js';
import { type ErrorCode, formatErrorMessage, httpStatusForCode, isErrorCode } from './error-codes.js';

/** An expected failure with a catalogue code; the server turns it into an error envelope. */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: ErrorCode;
  readonly params: string[];
  readonly status: number;

  /** `options.cause`: the unexpected failure behind the answer, for the server's log, never for the client. */
  constructor(
    code: ErrorCode,
    params: readonly (string | number)[] = [],
    status = httpStatusForCode(code),
    options?: ErrorOptions,
  ) {
    super(formatErrorMessage(code, params), options);
    this.code = code;
    this.params = params.map(String);
    this.status = status;
  }
}

export type ErrorEnvelope = { error: { code: string; params: string[]; message: string } };

export function toErrorEnvelope(code: ErrorCode, params: readonly (string | number)[] = []): ErrorEnvelope {
  return { error: { code, params: params.map(String), message: formatErrorMessage(code, params) } };
}

function isMissingValue(issue: z.core.$ZodIssue): boolean {
  if (issue.message === 'general/missing_argument') return true;
  // A discriminated union names its discriminator; the issue's input is the object that lacks it.
  if (issue.code === 'invalid_union' && 'discriminator' in issue && typeof issue.discriminator === 'string') {
    const input = 'input' in issue ? issue.input : undefined;
    return typeof input === 'object' && input !== null && !Object.hasOwn(input, issue.discriminator);
  }
  if (issue.code !== 'invalid_type') return false;
  // Zod only keeps `input` on an issue when parsing with `reportInput`; otherwise its default message says it.
  return 'input' in issue ? issue.input === undefined : issue.message.endsWith('received undefined');
}

/** Codes whose message quotes a fixed limit: a schema's issue carries no params, so they come from here. */
const LIMIT_PARAMS: Partial<Record<ErrorCode, readonly number[]>> = {
  'cart/invalid_quantity': [CART_MAX_QUANTITY],
  'cart/invalid_message': [CART_MESSAGE_MAX_LENGTH],
  'cart/too_many_items': [CART_MAX_ITEMS],
  'quotation/invalid_quantity': [QUOTATION_MAX_QUANTITY],
  'quotation/invalid_instructions': [QUOTATION_INSTRUCTIONS_MAX_LENGTH],
  'quotation/invalid_product_name': [QUOTATION_NAME_MAX_LENGTH],
  'quotation/too_many_items': [QUOTATION_MAX_ITEMS],
  'quotation/invalid_decline_reason': [QUOTATION_DECLINE_REASON_MAX_LENGTH],
  'settings/csv_too_large': [EXCHANGE_RATE_CSV_MAX_CHARACTERS],
  'settings/csv_too_many_lines': [EXCHANGE_RATE_CSV_MAX_LINES],
  'product_import/too_large': [PRODUCT_CSV_MAX_CHARACTERS],
  'product_import/too_many_lines': [PRODUCT_CSV_MAX_LINES],
  'settings/invalid_quote_valid_days': [QUOTE_VALID_DAYS_MAX],
  'settings/invalid_max_addresses': [MAX_ADDRESSES_PER_USER_LIMIT],
  'settings/invalid_max_unpaid_orders': [SHOPPER_LIMIT_MAX],
  'settings/invalid_max_units_held': [SHOPPER_LIMIT_MAX],
  'settings/invalid_max_orders_per_hour': [SHOPPER_LIMIT_MAX],
  'settings/invalid_max_open_checkouts': [SHOPPER_LIMIT_MAX],
  'tax/invalid_name': [TAX_NAME_MAX_LENGTH],
  'order/invalid_bulk_selection': [BULK_SHIP_MAX_ORDERS],
  'settings/invalid_carriers': [CARRIERS_MAX],
  'settings/invalid_carrier_name': [CARRIER_NAME_MAX_LENGTH],
};

/** An error for `code` with the limit its message quotes, if it quotes one. */
export function limitError(code: ErrorCode): AppError {
  return new AppError(code, LIMIT_PARAMS[code] ?? []);
}

/** The first issue decides, so the caller gets one precise code rather than a list. */
export function appErrorFromZodIssues(issues: readonly z.core.$ZodIssue[]): AppError {
  const [issue] = issues;
  if (!issue) return new AppError('general/argument_error');
  if (isMissingValue(issue))
    return new AppError('general/missing_argument', [issue.path.map(String).join('.')]);
  if (isErrorCode(issue.message)) return limitError(issue.message);
  return new AppError('general/argument_error');
}
