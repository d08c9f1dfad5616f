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

// The original templates (docs/rules/api-and-errors.md) keep their wording verbatim, spelling included, because
// shoppers of the original store know these exact sentences. Codes that had no wording get plain English.
export const ERROR_MESSAGES = {
  'user/invalid_phone_number': 'Invalid Phone Number',
  'user/invalid_email': 'Invalid email',
  'user/invalid_accept_terms': 'Please accept the terms and conditions',
  'user/not_found': 'The user you are looking for is not found',
  'user/max_addresses_reached': 'You have reached the maximum number address of {0} per user',
  'user/invalid_first_name': 'Please enter a first name of 1 to 100 characters',
  'user/invalid_last_name': 'Please enter a last name of 1 to 100 characters',
  'user/invalid_password':
    'Your password must be at least 8 characters long and contain a lower-case letter, an upper-case letter and a number or symbol',
  'user/invalid_country': 'Please select a valid country',
  'user/invalid_birthdate': 'Please enter a valid date of birth; you must be at least 13 years old',
  'user/invalid_gender': 'Please select a valid gender',

  'auth/email_taken': 'The email is already been taken by another user',
  'auth/wrong_email_or_password': 'Your email and/or password is incorrect, please try again',
  'auth/invalid_state': 'Something when wrong with your session, please login again',
  'auth/not_authorized': 'You are not authorized to perform this action',
  'auth/email_verified': 'Your email has already been verified',
  'auth/resend_verify_code_rate_limit': 'Please wait before requesting another verification code',
  'auth/unverified_email':
    'Your email address has not been verified yet. Please check your email for verification instructions',
  'auth/password_reset_token_expired':
    'Your password reset link has expired. Please request forgot password again to get a new one',
  'auth/tfa_not_verified': 'This feature requires you to complete two-factor authentication first',
  'auth/staff_tfa_required':
    "The back office needs two-factor authentication: turn it on in your account's security settings first",
  'auth/account_blacklisted':
    'Your account has been suspended for violating our policies and terms. Please contact us at {0}',
  'auth/invalid_email_verification_code': 'The verification code is invalid or has expired',
  'auth/user_not_found': 'No account was found for this user',
  'auth/wrong_password': 'Your current password is incorrect',
  'auth/invalid_new_password':
    'Your new password must be at least 8 characters long and contain a lower-case letter, an upper-case letter and a number or symbol',
  'auth/invalid_password_reset_token':
    'This password reset link is invalid. Please request forgot password again to get a new one',
  'auth/invalid_refresh_token': 'Your session has expired, please login again',
  'auth/tfa_wrong_code': 'The two-factor authentication code is incorrect',
  'auth/tfa_not_setup': 'Two-factor authentication has not been set up for your account',
  'auth/tfa_reset_token_invalid': 'This two-factor authentication reset link is invalid or has expired',
  'auth/tfa_already_setup': 'Two-factor authentication is already set up for your account',
  'auth/tfa_not_enabled': 'Two-factor authentication is not enabled for your account',
  'auth/invalid_access_token': 'Please login to continue',
  'auth/invalid_user_agent':
    'Your browser or app could not be recognised, please try again from a supported browser',

  'address/not_found': 'The address you are looking for is not found',
  'address/invalid_full_name': 'Please enter a full name of 1 to 200 characters',
  'address/invalid_phone_number': 'Please enter a valid phone number for the selected country',
  'address/invalid_address': 'Please enter an address of 1 to 200 characters',
  'address/invalid_postal_code': 'Please enter a valid postal code for the selected country',
  'address/invalid_unit_number': 'The unit number can be at most 30 characters',
  'address/invalid_main': 'The main address flag must be true or false',
  'address/main_required': 'You always have one main address: make another address main first',
  'address/invalid_country': 'Please select a valid country',
  'address/invalid_state': 'Please select a valid state for the selected country',
  'address/invalid_city': 'Please enter a valid city for the selected country',

  'general/argument_error': 'Argument(s) contains error',
  'general/unknown_error': 'Unknown error, message: {0}',
  'general/missing_argument': 'Missing argument {0}',
  'general/not_found': 'The page or item you are looking for is not found',
  'general/payload_too_large': 'The request is too large; the limit is {0} bytes',
  'general/malformed_json': 'The request body is not valid JSON',
  'general/unsupported_media_type': 'The request content type is not supported',
  'general/rate_limited': 'Too many requests, please try again in {0} seconds',

  'product/not_found': 'The product you are looking for is not found',
  'category/not_found': 'The category you are looking for is not found',
  'merchant/not_found': 'The merchant you are looking for is not found',
  'category/invalid_name': 'Please enter a category name of 1 to 80 characters',
  'category/invalid_id':
    'Please give the category an id of lower-case letters, digits and single hyphens, up to 64 characters',
  'category/id_taken': 'A category with the id {0} already exists; please choose another id',
  'category/invalid_move': 'A category cannot be moved under itself or under a category inside it',
  'category/not_empty': 'The category {0} still holds products or categories; move or delete them first',
  'merchant/invalid_name': 'Please enter a merchant name of 1 to 100 characters',
  'merchant/invalid_slug':
    'Please give the merchant an address name of lower-case letters, digits and single hyphens, up to 64 characters',
  'merchant/slug_taken': 'A merchant with the address name {0} already exists; please choose another',
  'merchant/invalid_market_place': 'Please enter the marketplace the merchant sells on, 1 to 60 characters',
  'merchant/invalid_country': 'Please select a valid country',
  'merchant/invalid_description': 'The description can be at most 2000 characters',
  'image/unsupported_type': 'The picture must be a JPEG, PNG or WebP image',
  'image/too_many_pixels': 'The picture has too many pixels; the limit is {0} megapixels',
  'image/not_found': 'The picture you are looking for is not found',
  'image/too_many': 'A product can have at most {0} pictures; delete one first',
  'image/stale_order': 'The pictures changed meanwhile; please reload them and order them again',
  'product/invalid_cursor':
    'This page of results is no longer available, please start again from the first page',
  'product/stale_version':
    'Someone else changed this product after you opened it; reload it to see their changes, then make yours again',
  'product/variant_not_found': 'The variant you are looking for is not found',
  'product/stale_stock':
    'The stock of {0} is {1} now: it changed after you opened the product. Check it, then save again',
  'product/invalid_variant_path': 'Please choose one option of each kind for this variant',
  'product/invalid_variants':
    'Options can be added, but an option or kind that variants use cannot be removed or moved',
  'product/variant_ordered':
    'This variant has been ordered, so it is kept with its orders; set its stock to 0 to stop selling it',
  'image_page/not_found': 'The page you are looking for is not found',
  'wishlist/not_found': 'The wishlist item you are looking for is not found',
  'notification/not_found': 'The notification you are looking for is not found',
  'region/not_enabled': 'The region {0} is not available, please choose another region',

  'cart/not_found': 'The cart item you are looking for is not found',
  'cart/invalid_quantity': 'Please choose a quantity from 1 to {0}',
  'cart/invalid_variant_path': 'Please choose one option of each kind for this product',
  'cart/invalid_message': 'The message can be at most {0} characters',
  'cart/product_unavailable': 'This product is no longer available',
  'cart/too_many_items': 'Your cart can hold at most {0} different items; remove some first',
  'quotation/not_found': 'The quotation item you are looking for is not found',
  'quotation/invalid_quantity': 'Please choose a quantity from 1 to {0}',
  'quotation/invalid_instructions': 'The instructions can be at most {0} characters',
  'quotation/invalid_product_url': 'Please paste a link to a product page starting with http:// or https://',
  'quotation/invalid_product_name': 'Please enter the product name, at most {0} characters',
  'quotation/invalid_image_url': 'The picture must be a link starting with http:// or https://',
  'quotation/product_not_found': 'product is not found for quotation item',
  'quotation/too_many_items': 'Your quotation list can hold at most {0} items; remove some first',
  'quotation/not_pending': 'This quotation item has already been answered',
  'quotation/not_expired': 'This quotation is still valid, so there is nothing to request again',
  'quotation/expired': 'This quotation expired on {0}; request it again to get a new price',
  'quotation/pending': 'The store is still quoting this item',
  'quotation/declined': 'The store could not quote this item',
  'quotation/invalid_base_price':
    'Please enter the price the store pays in a supported currency: above zero and at most 999,999.99 (99,999,999 in a currency without cents)',
  'quotation/invalid_decline_reason': 'Please give the shopper a reason of 1 to {0} characters',
  'quotation/no_exchange_rate': 'There is no exchange rate from {0} to {1}; add one before quoting',
  'quotation/ordered': 'This quotation item is part of an order now, so it can no longer be changed',
  'quotation/invalid_domestic_shipping':
    "Please enter the shipping to the warehouse in the seller's currency: zero or more, at most 999,999.99",
  'quotation/invalid_weight':
    'Please enter the weight of one in whole grams: above zero and at most 1,000 kg',
  'external/invalid_link': 'Please paste a link to a product page starting with http:// or https://',
  'external/fetch_failed': 'We could not read that page: {0}',
  'external/blocked_address': 'That link points to an address we do not fetch',
  'external/not_found': 'We have not looked up that link yet; search for it first',
  'checkout/not_found': 'This checkout is not found; please start again from your cart',
  'checkout/session_expired': 'This checkout has expired; please start again from your cart',
  'checkout/empty_selection': 'Please choose at least one item to check out',
  'checkout/out_of_stock': 'Only {1} of {0} left in stock; please lower the quantity',
  'checkout/item_unavailable': '{0} is no longer available; remove it to continue',
  'checkout/shipping_unavailable': 'We do not deliver this order to {0} yet; please choose another address',
  'checkout/invalid_payment_method': 'Please choose a payment method',
  'checkout/payment_method_unavailable':
    '{0} cannot be used for this order; please choose another payment method',
  'checkout/invalid_notes': 'The note can be at most 1000 characters',
  'checkout/total_too_large': 'One order can come to at most {0}; please split it into smaller orders',
  'checkout/too_many_unpaid_orders':
    'You have {0} orders waiting for payment; please pay for or cancel one before placing another',
  'checkout/too_many_units_held':
    'At most {1} of {0} can wait for payment in your orders at once ({2} already do); please lower the quantity or pay for your open orders first',
  'checkout/too_many_orders':
    'You have placed {0} orders in the last hour; please try again in {1} minute(s)',
  'checkout/too_many_sessions': 'You have {0} unfinished checkouts; please try again in {1} minute(s)',
  'voucher/unknown': 'This voucher code is not valid',
  'voucher/expired': 'This voucher has expired',
  'voucher/not_yet_valid': 'This voucher can be used from {0}',
  'voucher/minimum_not_met': 'This voucher needs a minimum spend of {0}',
  'voucher/wrong_region': 'This voucher can only be used in {0}',
  'voucher/wrong_payment_method': 'This voucher can only be used when paying by {0}',
  'voucher/used_up': 'This voucher has been fully redeemed',
  'voucher/already_used': 'You have already used this voucher the most times allowed ({0})',
  'voucher/too_many_attempts': 'Too many voucher codes were tried; please try again in {0} seconds',
  'voucher/not_found': 'The voucher you are looking for is not found',
  'voucher/code_taken': 'Another voucher already has the code {0}; please choose another code',
  'voucher/invalid_code':
    'Please enter a code of 2 to 40 letters, digits, hyphens or underscores, starting with a letter or digit',
  'voucher/invalid_description': 'The description can be at most 200 characters',
  'voucher/invalid_kind': 'Please choose a percentage or a fixed amount off',
  'voucher/invalid_percent': 'Please enter a percentage off from 1 to 100 for a percentage voucher',
  'voucher/invalid_amount':
    'Please enter the amount off, above zero in Singapore dollars, for a fixed voucher',
  'voucher/invalid_max_discount':
    'The maximum discount must be above zero in Singapore dollars, and only a percentage voucher has one',
  'voucher/invalid_min_spend': 'The minimum spend must be zero or more, in Singapore dollars',
  'voucher/invalid_regions': 'Please choose regions by their two-letter country codes',
  'voucher/invalid_payment_methods': 'Please choose payment methods from the list',
  'voucher/invalid_window': 'The voucher must start before it ends',
  'voucher/invalid_limit': 'Limits must be whole numbers from 1 to 1,000,000, or left empty for no limit',
  'voucher/invalid_listed': 'Please say whether shoppers see this voucher in their list',
  'voucher/limit_below_used':
    'This voucher has already been used {0} times ({1} by one shopper); a limit cannot be set below what is used',
  'banner/not_found': 'The banner you are looking for is not found',
  'popup/not_found': 'The popup you are looking for is not found',
  'content/invalid_title': 'Please enter a title of 1 to 120 characters',
  'content/invalid_text': 'The text can be at most 300 characters',
  'content/invalid_image': 'Please choose a picture from the store’s pictures',
  'content/invalid_link':
    'Links must be a path on this site, such as /search?q=tea, or an address starting with https://',
  'content/invalid_position': 'The position must be a whole number from 0 to 9999',
  'content/invalid_active': 'Please say whether this is shown',
  'content/invalid_window': 'The schedule must start before it ends',
  'home_group/not_found': 'The home product group you are looking for is not found',
  'content/invalid_category': 'Please choose a category from the catalogue, or none',
  'content/invalid_products': 'Please choose up to 30 different products from the catalogue',
  'content/invalid_page_id':
    'Please give the page an address of lower-case letters and digits, words joined by single hyphens, up to 64 characters',
  'content/invalid_pictures': 'Please give the page 1 to 20 pictures, each from the store’s pictures',
  'image_page/id_taken': 'Another page already has the address {0}; please choose another',
  'image_page/linked':
    'Banners or popups link to this page ({0}); change their links before deleting it, or switch the page off',
  'order/not_found': 'The order you are looking for is not found',
  'order/invalid_transition': 'An order that is {0} cannot become {1}',
  'order/not_cancellable':
    'Only an order waiting for payment can be cancelled here; please message the store',
  'order/not_receivable': 'You can confirm receipt once the order has been shipped',
  'order/not_disputable': 'This order cannot be disputed',
  'order/invalid_reason': 'The reason can be at most 500 characters',
  'order/invalid_message': 'Please write a message of 1 to 2000 characters',
  'order/invalid_tracking_number': 'Please enter the tracking number, at most 100 characters',
  'order/invalid_refund_amount': 'Please enter a refund amount above zero',
  'order/refund_wrong_currency': 'A refund is made in the currency the order was paid in',
  'order/refund_exceeds_paid': 'A refund cannot be more than what remains of the payment ({0})',
  'order/invalid_refund_reason': 'Please give a reason of 1 to 500 characters',
  'order/invalid_refund_reference': 'Please enter the bank transfer reference, at most 100 characters',
  'order/not_refundable': 'This order has no payment to refund',
  'order/refund_in_progress':
    'A refund of this order is still waiting for the card provider; try again once it is answered',
  'order/refund_refused': 'The card provider refused the refund; nothing was refunded',
  'order/refund_not_found': 'The refund you are looking for is not found',
  'order/not_disputed': 'This order has no open dispute',
  'order/invalid_dispute_outcome': 'Please choose how the dispute was settled',
  'order/invalid_dispute_note': 'Please write a note of 1 to 1000 characters',
  'order/payment_in_progress':
    'A payment for this order is under way; wait for it to finish, or message the store if it is stuck',
  'order/not_due': 'This order still has time to be paid',
  'order/invalid_carrier': "Please choose one of the store's carriers",
  'order/invalid_bulk_selection': 'Please choose 1 to {0} different orders to ship',
  'order/bulk_ship_refused': 'Nothing was shipped: {0} of the orders cannot be shipped as they are',
  'contact/invalid_name': 'Please enter your name (at most 100 characters)',
  'contact/invalid_email': 'Please enter a valid email address so we can reply',
  'contact/invalid_phone_number':
    'Please enter a valid phone number with its country code, such as +65 9123 4567',
  'contact/invalid_message': 'Please write your message (at most 5000 characters)',
  'contact/captcha_failed': 'We could not confirm you are not a robot; please tick the box and try again',
  'contact/captcha_unavailable': 'We could not check the robot test just now; please try again in a minute',
  'contact/not_found': 'The message you are looking for is not found',
  'contact/invalid_reply': 'Please write a reply of 1 to 5000 characters',
  'payment/not_payable': 'This order is no longer waiting for payment',
  'payment/wrong_method': 'This order is paid by {0}; choose that method to pay it',
  'payment/card_unavailable':
    'Card payments are not available right now; please choose another payment method',
  'payment/test_card_unavailable': 'The test card is not available on this store',
  'payment/unknown_test_card':
    'Use the test card 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a declined payment',
  'payment/invalid_payment_method': 'Please enter your card details again',
  'payment/paynow_unavailable': 'PayNow takes Singapore dollars only; please choose another payment method',
  'payment/invalid_signature': 'The payment notice could not be verified',
  'payment/invalid_event': 'The payment notice could not be read',
  'payment/provider_error': 'The card payment service could not be reached; please try again in a moment',
  'payment/card_not_found': 'The saved card you are looking for is not found',
  'region/not_found': 'The region {0} is not one the store has',
  'region/exists': 'The store already has the region {0}',
  'region/no_exchange_rate': 'Set an exchange rate for {0} before selling in it',
  'region/default_required':
    'The default region must stay on sale; make another region the default before switching this one off',
  'settings/unknown_currency': 'The currency {0} is not one the store supports',
  'settings/invalid_exchange_rate':
    'Please enter an exchange rate above 0, with at most 10 digits before the decimal point and 8 after',
  'settings/base_currency_rate': 'The rate of {0}, the base currency, is always 1',
  'settings/csv_empty': 'The file holds no exchange rates',
  'settings/csv_too_large': 'The file is too large; import at most {0} characters at a time',
  'settings/csv_too_many_lines': 'The file has too many lines; import at most {0} rates at a time',
  'settings/csv_invalid': 'The file has errors on {0} line(s); nothing was imported',
  'settings/csv_malformed_line': 'This line is not a currency code and a rate, such as "MYR,3.4875"',
  'settings/csv_duplicate_currency': '{0} appears more than once in the file',

  'product_import/empty': 'The file holds no products: a header line and at least one product line',
  'product_import/too_large': 'The file is too large; import at most {0} characters at a time',
  'product_import/too_many_lines': 'The file has too many lines; import at most {0} lines at a time',
  'product_import/invalid': 'The file has errors on {0} line(s); nothing was imported',
  'product_import/missing_column': 'The header line has no {0} column',
  'product_import/unknown_column': 'The header line has a column this import does not know: {0}',
  'product_import/duplicate_column': 'The header line has the {0} column more than once',
  'product_import/unknown_region':
    'No region {0} prices in {1}; export the products again for the current regions',
  'product_import/malformed_line': 'This line is not CSV with one cell per column of the header line',
  'product_import/unclosed_quote':
    'A cell on this line opens a quote (") that no line after it closes; close it, or take the quote out',
  'product_import/invalid_key':
    'The product column needs the product key: lower-case letters and digits joined by single hyphens, such as "wireless-earbuds"',
  'product_import/invalid_name': 'The name must be 1 to 200 characters',
  'product_import/unknown_category': 'There is no category {0}',
  'product_import/unknown_merchant': 'There is no merchant {0}',
  'product_import/invalid_enabled': 'The enabled column must be yes or no',
  'product_import/invalid_price':
    'The {0} column must be an amount such as 12.50, with at most the decimals its currency has',
  'product_import/invalid_stock': 'The stock must be a whole number from 0 to 1,000,000',
  'product_import/invalid_option':
    'Each option needs both its name and this line’s value, of at most 50 characters',
  'product_import/differs_from_first_line': 'The {0} differs from line {1}, which names the same product',
  'product_import/options_differ':
    'The options must be {0}, in this order, as on the product’s other lines and page',
  'product_import/no_options':
    'This product has no options, so its one line has none; add options on the product’s page first',
  'product_import/duplicate_variant': 'This variant is already on line {0}',
  'product_import/too_many_options': 'A kind of option can have at most {0} values',
  'product_import/stale_preview':
    'The catalogue changed since the preview; preview the file again to see what it will change',
  'settings/invalid_quote_valid_days': 'Please enter a quote validity of 1 to {0} days',
  'settings/invalid_quote_fee_percent': 'Please enter a service fee percentage such as 10 or 7.5',
  'settings/invalid_max_addresses': 'Please enter a maximum of 1 to {0} addresses per user',
  'settings/invalid_max_unpaid_orders': 'Please enter a maximum of 1 to {0} unpaid orders per shopper',
  'settings/invalid_max_units_held': 'Please enter a maximum of 1 to {0} units of one item per shopper',
  'settings/invalid_max_orders_per_hour': 'Please enter a maximum of 1 to {0} orders per shopper an hour',
  'settings/invalid_max_open_checkouts': 'Please enter a maximum of 1 to {0} open checkouts per shopper',
  'settings/invalid_carriers': 'Please keep 1 to {0} carriers',
  'settings/invalid_carrier_name': 'Please enter a carrier name of 1 to {0} characters',
  'settings/invalid_tracking_template':
    'Please enter the tracking page address, starting with https:// and holding {tracking} where the number goes',
  'settings/duplicate_carrier': 'Each carrier can be listed once',
  'shipping/location_not_found': 'The shipping location you are looking for is not found',
  'shipping/rule_not_found': 'The shipping fee rule you are looking for is not found',
  'shipping/rule_exists': 'This destination already has a fee rule for goods from there',
  'shipping/invalid_fee': 'Please enter a fee of 0 or more',
  'shipping/weight_step_required': 'A fee by weight needs the weight of each step, in grams',
  'tax/not_found': 'The region {0} has no tax rate',
  'tax/invalid_name': 'Please enter the tax name shown to shoppers, at most {0} characters',
  'tax/invalid_rate': 'Please enter a tax rate from 0 to below 100 percent, such as 9 or 7.5',
  'staff/already_staff': "{0} is already on the store's staff",
  'staff/own_role': 'You cannot change your own role; ask another admin',
  'staff/last_admin': 'The store must keep at least one admin',
  'staff_invitation/not_found': 'The invitation you are looking for is not found',
  'staff_invitation/invalid_token': 'This invitation link is not valid or has already been used',
  'staff_invitation/expired': 'This invitation has expired; please ask an admin of the store for a new one',
  'staff_invitation/wrong_account':
    'This invitation was sent to {0}; please sign in with that email address to accept it',
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

type ApiErrorInit = {
  status: number;
  code?: string | undefined;
  params?: readonly (string | number)[] | undefined;
  body?: unknown;
  message?: string | undefined;
};

/** A failed call to our API as seen by the web client; `code` may be one this build does not know. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code?: string;
  readonly params: string[];
  readonly body?: unknown;

  constructor({ status, code, params = [], body, message }: ApiErrorInit) {
    super(message ?? `Request failed with status ${status}`);
    this.status = status;
    if (code !== undefined) this.code = code;
    this.params = params.map(String);
    if (body !== undefined) this.body = body;
  }

  /** Reads the code, params and text out of a response body, whatever shape it turned out to have. */
  static fromResponse(status: number, body: unknown): ApiError {
    const coded = codedPart(body);
    return new ApiError({
      status,
      code: coded?.code,
      params: coded?.params,
      body,
      message: responseText(body),
    });
  }
}

type CodedPart = { code: string; params: (string | number)[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

// Plain guards rather than a schema: this module runs on every page in the browser, and must not pull
// a validation library into the first load.
function paramsOf(value: unknown): (string | number)[] {
  return Array.isArray(value) &&
    value.every((param) => typeof param === 'string' || typeof param === 'number')
    ? value
    : [];
}

function envelopeErrorOf(value: unknown): Record<string, unknown> | undefined {
  return isRecord(value) && isRecord(value.error) ? value.error : undefined;
}

function codedPart(value: unknown): CodedPart | undefined {
  const envelopeError = envelopeErrorOf(value);
  if (typeof envelopeError?.code === 'string') {
    return { code: envelopeError.code, params: paramsOf(envelopeError.params) };
  }
  return isRecord(value) && typeof value.code === 'string'
    ? { code: value.code, params: paramsOf(value.params) }
    : undefined;
}

function responseText(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  const message = envelopeErrorOf(body)?.message;
  return typeof message === 'string' ? message.trim() || undefined : undefined;
}

/**
 * What to show a shopper for any failure (docs/rules/api-and-errors.md): the catalogue message of a known code, else the
 * response's own error text, else the error's message, else 'Unknown error'.
 */
export function messageForError(error: unknown): string {
  const coded = error instanceof ApiError || error instanceof AppError ? error : codedPart(error);
  if (coded && isErrorCode(coded.code)) return formatErrorMessage(coded.code, coded.params);

  const text = error instanceof ApiError ? responseText(error.body) : responseText(error);
  if (text) return text;

  if (error instanceof Error && error.message.trim()) return error.message;
  return UNKNOWN_ERROR_MESSAGE;
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
