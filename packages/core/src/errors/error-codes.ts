import { ACCOUNT_ERRORS } from './messages/account.js';
import { CATALOGUE_ERRORS } from './messages/catalogue.js';
import { CHECKOUT_ERRORS } from './messages/checkout.js';
import { CONTENT_ERRORS } from './messages/content.js';
import { GENERAL_ERRORS } from './messages/general.js';
import { ORDER_ERRORS } from './messages/orders.js';
import { SHOPPING_ERRORS } from './messages/shopping.js';
import { STORE_SETTINGS_ERRORS } from './messages/store-settings.js';

// The original templates (docs/rules/api-and-errors.md) keep their wording verbatim, spelling included, because
// shoppers of the original store know these exact sentences. Codes that had no wording get plain English.
// Each area of the store keeps its codes in a file of messages/; a code's prefix says which.
export const ERROR_MESSAGES = {
  ...ACCOUNT_ERRORS,
  ...GENERAL_ERRORS,
  ...CATALOGUE_ERRORS,
  ...SHOPPING_ERRORS,
  ...CHECKOUT_ERRORS,
  ...CONTENT_ERRORS,
  ...ORDER_ERRORS,
  ...STORE_SETTINGS_ERRORS,
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export const UNKNOWN_ERROR_MESSAGE = 'Unknown error';

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_MESSAGES, value);
}

// A missing parameter must not leave a stray '{0}' or a double space in front of the shopper.
export function formatErrorMessage(code: ErrorCode, params: readonly (string | number)[] = []): string {
  return ERROR_MESSAGES[code]
    .replace(/\{(\d+)\}/g, (_, index: string) => String(params[Number(index)] ?? ''))
    .replace(/ {2,}/g, ' ')
    .trim();
}

const STATUS_BY_CODE: Partial<Record<ErrorCode, number>> = {
  'auth/invalid_access_token': 401,
  'auth/invalid_refresh_token': 401,
  'auth/not_authorized': 403,
  'auth/account_blacklisted': 403,
  'auth/tfa_not_verified': 403,
  'auth/staff_tfa_required': 403,
  'auth/unverified_email': 403,
  'auth/invalid_state': 403,
  'auth/user_not_found': 404,
  'auth/email_taken': 409,
  'category/id_taken': 409,
  'category/invalid_move': 409,
  'category/not_empty': 409,
  'merchant/slug_taken': 409,
  'image/unsupported_type': 415,
  'image/too_many': 409,
  'image/stale_order': 409,
  'product/stale_version': 409,
  'product/stale_stock': 409,
  'product/variant_ordered': 409,
  'quotation/ordered': 409,
  'voucher/code_taken': 409,
  'image_page/id_taken': 409,
  'image_page/linked': 409,
  'general/payload_too_large': 413,
  'general/unsupported_media_type': 415,
  'general/rate_limited': 429,
  'voucher/too_many_attempts': 429,
  'checkout/too_many_orders': 429,
  'contact/captcha_unavailable': 503,
  'auth/resend_verify_code_rate_limit': 429,
  'general/unknown_error': 500,
  'payment/card_not_found': 404,
  'payment/provider_error': 502,
  'order/refund_in_progress': 409,
  'order/payment_in_progress': 409,
  'region/exists': 409,
  'shipping/location_not_found': 404,
  'shipping/rule_not_found': 404,
  'shipping/rule_exists': 409,
  'settings/csv_too_large': 413,
  'settings/csv_too_many_lines': 413,
  'product_import/too_large': 413,
  'product_import/too_many_lines': 413,
  'product_import/stale_preview': 409,
  'staff_invitation/wrong_account': 403,
};

export function httpStatusForCode(code: ErrorCode): number {
  return STATUS_BY_CODE[code] ?? (code.endsWith('/not_found') ? 404 : 400);
}
