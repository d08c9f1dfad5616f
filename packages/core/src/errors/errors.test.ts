import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  AppError,
  appErrorFromZodIssues,
  ERROR_MESSAGES,
  type ErrorCode,
  formatErrorMessage,
  httpStatusForCode,
  isErrorCode,
  limitError,
  messageForError,
  toErrorEnvelope,
} from './index.js';

const SPEC_CODES = [
  'user/invalid_phone_number',
  'user/invalid_email',
  'user/invalid_accept_terms',
  'user/not_found',
  'user/max_addresses_reached',
  'user/invalid_first_name',
  'user/invalid_last_name',
  'user/invalid_password',
  'user/invalid_country',
  'user/invalid_birthdate',
  'user/invalid_gender',
  'auth/email_taken',
  'auth/wrong_email_or_password',
  'auth/invalid_state',
  'auth/not_authorized',
  'auth/email_verified',
  'auth/resend_verify_code_rate_limit',
  'auth/unverified_email',
  'auth/password_reset_token_expired',
  'auth/tfa_not_verified',
  'auth/account_blacklisted',
  'auth/invalid_email_verification_code',
  'auth/user_not_found',
  'auth/wrong_password',
  'auth/invalid_new_password',
  'auth/invalid_password_reset_token',
  'auth/invalid_refresh_token',
  'auth/tfa_wrong_code',
  'auth/tfa_not_setup',
  'auth/tfa_reset_token_invalid',
  'auth/tfa_already_setup',
  'auth/tfa_not_enabled',
  'auth/invalid_access_token',
  'auth/invalid_user_agent',
  'address/not_found',
  'address/invalid_full_name',
  'address/invalid_phone_number',
  'address/invalid_address',
  'address/invalid_postal_code',
  'address/invalid_unit_number',
  'address/invalid_main',
  'address/invalid_country',
  'address/invalid_state',
  'address/invalid_city',
  'general/argument_error',
  'general/unknown_error',
  'general/missing_argument',
];

const HOUSE_CODES = [
  'auth/staff_tfa_required',
  'checkout/total_too_large',
  'order/invalid_message',
  'order/invalid_tracking_number',
  'order/invalid_refund_amount',
  'order/refund_wrong_currency',
  'order/refund_exceeds_paid',
  'order/invalid_refund_reason',
  'order/invalid_refund_reference',
  'order/not_refundable',
  'order/refund_in_progress',
  'order/refund_refused',
  'order/refund_not_found',
  'order/not_disputed',
  'order/invalid_dispute_outcome',
  'order/invalid_dispute_note',
  'order/payment_in_progress',
  'order/not_due',
  'order/invalid_carrier',
  'order/invalid_bulk_selection',
  'order/bulk_ship_refused',
  'general/not_found',
  'general/payload_too_large',
  'general/malformed_json',
  'general/unsupported_media_type',
  'general/rate_limited',
  'product/not_found',
  'category/not_found',
  'merchant/not_found',
  'product/invalid_cursor',
  'product/stale_version',
  'product/stale_stock',
  'product/variant_not_found',
  'product/invalid_variant_path',
  'product/invalid_variants',
  'product/variant_ordered',
  'image_page/not_found',
  'category/invalid_name',
  'category/invalid_id',
  'category/id_taken',
  'category/invalid_move',
  'category/not_empty',
  'merchant/invalid_name',
  'merchant/invalid_slug',
  'merchant/slug_taken',
  'merchant/invalid_market_place',
  'merchant/invalid_country',
  'merchant/invalid_description',
  'image/unsupported_type',
  'image/too_many_pixels',
  'image/not_found',
  'image/too_many',
  'image/stale_order',
  'wishlist/not_found',
  'notification/not_found',
  'region/not_enabled',
  'external/invalid_link',
  'external/fetch_failed',
  'external/blocked_address',
  'external/not_found',
  'checkout/not_found',
  'checkout/session_expired',
  'checkout/empty_selection',
  'checkout/out_of_stock',
  'checkout/item_unavailable',
  'checkout/shipping_unavailable',
  'checkout/invalid_payment_method',
  'checkout/payment_method_unavailable',
  'checkout/invalid_notes',
  'checkout/too_many_unpaid_orders',
  'checkout/too_many_units_held',
  'checkout/too_many_orders',
  'checkout/too_many_sessions',
  'voucher/unknown',
  'voucher/expired',
  'voucher/not_yet_valid',
  'voucher/minimum_not_met',
  'voucher/wrong_region',
  'voucher/wrong_payment_method',
  'voucher/used_up',
  'voucher/already_used',
  'voucher/too_many_attempts',
  'order/not_found',
  'order/invalid_transition',
  'order/not_cancellable',
  'order/not_receivable',
  'order/not_disputable',
  'order/invalid_reason',
  'contact/invalid_name',
  'contact/invalid_email',
  'contact/invalid_phone_number',
  'contact/invalid_message',
  'contact/captcha_failed',
  'contact/captcha_unavailable',
  'contact/not_found',
  'contact/invalid_reply',
  'cart/not_found',
  'cart/invalid_quantity',
  'cart/invalid_variant_path',
  'cart/invalid_message',
  'cart/product_unavailable',
  'cart/too_many_items',
  'quotation/not_found',
  'quotation/invalid_quantity',
  'quotation/invalid_instructions',
  'quotation/invalid_product_url',
  'quotation/invalid_product_name',
  'quotation/invalid_image_url',
  'quotation/product_not_found',
  'quotation/too_many_items',
  'quotation/not_pending',
  'quotation/not_expired',
  'quotation/expired',
  'quotation/pending',
  'quotation/declined',
  'quotation/invalid_base_price',
  'quotation/invalid_decline_reason',
  'quotation/no_exchange_rate',
  'quotation/ordered',
  'quotation/invalid_domestic_shipping',
  'quotation/invalid_weight',
  'address/main_required',
  'payment/not_payable',
  'payment/wrong_method',
  'payment/card_unavailable',
  'payment/test_card_unavailable',
  'payment/unknown_test_card',
  'payment/invalid_payment_method',
  'payment/paynow_unavailable',
  'payment/invalid_signature',
  'payment/invalid_event',
  'payment/provider_error',
  'payment/card_not_found',
  'voucher/not_found',
  'voucher/code_taken',
  'voucher/invalid_code',
  'voucher/invalid_description',
  'voucher/invalid_kind',
  'voucher/invalid_percent',
  'voucher/invalid_amount',
  'voucher/invalid_max_discount',
  'voucher/invalid_min_spend',
  'voucher/invalid_regions',
  'voucher/invalid_payment_methods',
  'voucher/invalid_window',
  'voucher/invalid_limit',
  'voucher/invalid_listed',
  'voucher/limit_below_used',
  'banner/not_found',
  'popup/not_found',
  'content/invalid_title',
  'content/invalid_text',
  'content/invalid_image',
  'content/invalid_link',
  'content/invalid_position',
  'content/invalid_active',
  'content/invalid_window',
  'home_group/not_found',
  'content/invalid_category',
  'content/invalid_products',
  'content/invalid_page_id',
  'content/invalid_pictures',
  'image_page/id_taken',
  'image_page/linked',
  'region/not_found',
  'region/exists',
  'region/no_exchange_rate',
  'region/default_required',
  'settings/unknown_currency',
  'settings/invalid_exchange_rate',
  'settings/base_currency_rate',
  'settings/csv_empty',
  'settings/csv_too_large',
  'settings/csv_too_many_lines',
  'settings/csv_invalid',
  'settings/csv_malformed_line',
  'settings/csv_duplicate_currency',
  'product_import/differs_from_first_line',
  'product_import/duplicate_column',
  'product_import/duplicate_variant',
  'product_import/empty',
  'product_import/invalid',
  'product_import/invalid_enabled',
  'product_import/invalid_key',
  'product_import/invalid_name',
  'product_import/invalid_option',
  'product_import/invalid_price',
  'product_import/invalid_stock',
  'product_import/malformed_line',
  'product_import/unclosed_quote',
  'product_import/missing_column',
  'product_import/no_options',
  'product_import/options_differ',
  'product_import/stale_preview',
  'product_import/too_large',
  'product_import/too_many_lines',
  'product_import/too_many_options',
  'product_import/unknown_category',
  'product_import/unknown_column',
  'product_import/unknown_merchant',
  'product_import/unknown_region',
  'settings/invalid_quote_valid_days',
  'settings/invalid_quote_fee_percent',
  'settings/invalid_max_addresses',
  'settings/invalid_max_unpaid_orders',
  'settings/invalid_max_units_held',
  'settings/invalid_max_orders_per_hour',
  'settings/invalid_max_open_checkouts',
  'settings/invalid_carriers',
  'settings/invalid_carrier_name',
  'settings/invalid_tracking_template',
  'settings/duplicate_carrier',
  'shipping/location_not_found',
  'shipping/rule_not_found',
  'shipping/rule_exists',
  'shipping/invalid_fee',
  'shipping/weight_step_required',
  'tax/not_found',
  'tax/invalid_name',
  'tax/invalid_rate',
  'staff/already_staff',
  'staff/own_role',
  'staff/last_admin',
  'staff_invitation/not_found',
  'staff_invitation/invalid_token',
  'staff_invitation/expired',
  'staff_invitation/wrong_account',
];

describe('ERROR_MESSAGES', () => {
  it('holds every code of the spec catalogue and the house codes, and nothing else', () => {
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual([...SPEC_CODES, ...HOUSE_CODES].sort());
  });

  it('keeps the spec wording verbatim where the spec gives it', () => {
    expect(ERROR_MESSAGES).toMatchObject({
      'user/invalid_phone_number': 'Invalid Phone Number',
      'user/invalid_email': 'Invalid email',
      'user/invalid_accept_terms': 'Please accept the terms and conditions',
      'user/not_found': 'The user you are looking for is not found',
      'user/max_addresses_reached': 'You have reached the maximum number address of {0} per user',
      'auth/email_taken': 'The email is already been taken by another user',
      'auth/wrong_email_or_password': 'Your email and/or password is incorrect, please try again',
      'auth/invalid_state': 'Something when wrong with your session, please login again',
      'auth/not_authorized': 'You are not authorized to perform this action',
      'auth/email_verified': 'Your email has already been verified',
      'auth/resend_verify_code_rate_limit': 'Please wait before requesting another verification code',
      'auth/account_blacklisted':
        'Your account has been suspended for violating our policies and terms. Please contact us at {0}',
      'general/argument_error': 'Argument(s) contains error',
      'general/unknown_error': 'Unknown error, message: {0}',
      'general/missing_argument': 'Missing argument {0}',
    });
  });

  it('words the codes the spec only describes as the spec describes them', () => {
    expect(ERROR_MESSAGES['auth/unverified_email']).toMatch(/check your email for verification instructions/);
    expect(ERROR_MESSAGES['auth/password_reset_token_expired']).toMatch(/request forgot password again/);
    expect(ERROR_MESSAGES['auth/tfa_not_verified']).toMatch(/requires .*two-factor authentication/);
  });

  it('gives every code a non-empty sentence', () => {
    for (const message of Object.values(ERROR_MESSAGES)) expect(message.trim().length).toBeGreaterThan(5);
  });
});

describe('isErrorCode', () => {
  it('accepts catalogue codes only', () => {
    expect(isErrorCode('auth/email_taken')).toBe(true);
    expect(isErrorCode('general/rate_limited')).toBe(true);
    expect(isErrorCode('auth/nope')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(42)).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});

describe('formatErrorMessage', () => {
  it('names the refused region', () => {
    expect(formatErrorMessage('region/not_enabled', ['GB'])).toBe(
      'The region GB is not available, please choose another region',
    );
  });

  it('fills placeholders from params, numbers included', () => {
    expect(formatErrorMessage('user/max_addresses_reached', [10])).toBe(
      'You have reached the maximum number address of 10 per user',
    );
    expect(formatErrorMessage('auth/account_blacklisted', ['help@crossbuy.test'])).toBe(
      'Your account has been suspended for violating our policies and terms. Please contact us at help@crossbuy.test',
    );
    expect(formatErrorMessage('general/missing_argument', ['address.city'])).toBe(
      'Missing argument address.city',
    );
  });

  it('leaves no placeholder, double space or trailing space when params are missing', () => {
    expect(formatErrorMessage('general/missing_argument')).toBe('Missing argument');
    expect(formatErrorMessage('user/max_addresses_reached', [])).toBe(
      'You have reached the maximum number address of per user',
    );
    expect(formatErrorMessage('general/rate_limited')).toBe('Too many requests, please try again in seconds');
  });

  it('returns templates without placeholders unchanged and ignores extra params', () => {
    expect(formatErrorMessage('auth/email_taken', ['x'])).toBe(
      'The email is already been taken by another user',
    );
  });
});

describe('httpStatusForCode', () => {
  it.each<[ErrorCode, number]>([
    ['general/argument_error', 400],
    ['general/missing_argument', 400],
    ['user/invalid_email', 400],
    ['auth/wrong_email_or_password', 400],
    ['auth/invalid_access_token', 401],
    ['auth/invalid_refresh_token', 401],
    ['auth/not_authorized', 403],
    ['auth/account_blacklisted', 403],
    ['auth/tfa_not_verified', 403],
    ['auth/staff_tfa_required', 403],
    ['auth/unverified_email', 403],
    ['auth/invalid_state', 403],
    ['user/not_found', 404],
    ['address/not_found', 404],
    ['general/not_found', 404],
    ['auth/user_not_found', 404],
    ['product/not_found', 404],
    ['category/not_found', 404],
    ['merchant/not_found', 404],
    ['image_page/not_found', 404],
    ['wishlist/not_found', 404],
    ['notification/not_found', 404],
    ['region/not_enabled', 400],
    ['product/invalid_cursor', 400],
    ['category/not_empty', 409],
    ['category/invalid_move', 409],
    ['image/unsupported_type', 415],
    ['image/not_found', 404],
    ['product/stale_version', 409],
    ['product/stale_stock', 409],
    ['product/variant_ordered', 409],
    ['quotation/ordered', 409],
    ['auth/email_taken', 409],
    ['general/payload_too_large', 413],
    ['general/unsupported_media_type', 415],
    ['general/rate_limited', 429],
    ['auth/resend_verify_code_rate_limit', 429],
    ['voucher/too_many_attempts', 429],
    ['checkout/too_many_orders', 429],
    ['checkout/too_many_unpaid_orders', 400],
    ['general/unknown_error', 500],
  ])('%s -> %i', (code, status) => {
    expect(httpStatusForCode(code)).toBe(status);
  });
});

describe('AppError', () => {
  it('carries code, string params, status and the formatted message', () => {
    const error = new AppError('user/max_addresses_reached', [5]);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('AppError');
    expect(error.code).toBe('user/max_addresses_reached');
    expect(error.params).toEqual(['5']);
    expect(error.status).toBe(400);
    expect(error.message).toBe('You have reached the maximum number address of 5 per user');
  });

  it('takes its status from the code unless one is given', () => {
    expect(new AppError('auth/email_taken').status).toBe(409);
    expect(new AppError('general/argument_error', [], 422).status).toBe(422);
  });
});

describe('toErrorEnvelope', () => {
  it('builds the wire envelope', () => {
    const envelope = toErrorEnvelope('general/payload_too_large', [1024]);
    expect(envelope).toEqual({
      error: {
        code: 'general/payload_too_large',
        params: ['1024'],
        message: 'The request is too large; the limit is 1024 bytes',
      },
    });
  });

  it('defaults to no params', () => {
    expect(toErrorEnvelope('auth/email_taken').error.params).toEqual([]);
  });
});

describe('ApiError', () => {
  it('is an Error with status, code, params and body', () => {
    const error = new ApiError({ status: 409, code: 'auth/email_taken', body: { a: 1 } });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.status).toBe(409);
    expect(error.code).toBe('auth/email_taken');
    expect(error.params).toEqual([]);
    expect(error.body).toEqual({ a: 1 });
    expect(error.message).toBe('Request failed with status 409');
  });

  it('fromResponse reads an error envelope', () => {
    const error = ApiError.fromResponse(
      403,
      toErrorEnvelope('auth/account_blacklisted', ['help@crossbuy.test']),
    );
    expect(error.code).toBe('auth/account_blacklisted');
    expect(error.params).toEqual(['help@crossbuy.test']);
    expect(error.message).toBe(
      'Your account has been suspended for violating our policies and terms. Please contact us at help@crossbuy.test',
    );
  });

  it('fromResponse reads a bare { code, params } body and a plain text body', () => {
    const coded = ApiError.fromResponse(400, { code: 'user/max_addresses_reached', params: [3] });
    expect(coded.code).toBe('user/max_addresses_reached');
    expect(coded.params).toEqual(['3']);

    const text = ApiError.fromResponse(502, 'Bad gateway');
    expect(text.code).toBeUndefined();
    expect(text.message).toBe('Bad gateway');
  });

  it('fromResponse copes with bodies of no known shape', () => {
    const error = ApiError.fromResponse(500, { whatever: true });
    expect(error.code).toBeUndefined();
    expect(error.params).toEqual([]);
    expect(error.message).toBe('Request failed with status 500');
  });
});

describe('messageForError', () => {
  it('uses the catalogue for a known code from an ApiError, an AppError, an envelope or a bare object', () => {
    expect(messageForError(new ApiError({ status: 409, code: 'auth/email_taken' }))).toBe(
      'The email is already been taken by another user',
    );
    expect(messageForError(new AppError('general/missing_argument', ['email']))).toBe(
      'Missing argument email',
    );
    expect(
      messageForError({
        error: { code: 'user/max_addresses_reached', params: ['4'], message: 'server words' },
      }),
    ).toBe('You have reached the maximum number address of 4 per user');
    expect(messageForError({ code: 'general/unknown_error', params: ['boom'] })).toBe(
      'Unknown error, message: boom',
    );
    expect(messageForError({ code: 'user/invalid_email' })).toBe('Invalid email');
  });

  it('falls back to the response error text when the code is unknown or absent', () => {
    expect(messageForError({ error: { code: 'shop/new_code', params: [], message: 'Shop is closed' } })).toBe(
      'Shop is closed',
    );
    expect(messageForError({ error: { message: 'Server text' } })).toBe('Server text');
    expect(messageForError(ApiError.fromResponse(502, 'Bad gateway'))).toBe('Bad gateway');
    expect(
      messageForError(
        new ApiError({ status: 400, code: 'shop/new_code', body: { error: { message: 'Nope' } } }),
      ),
    ).toBe('Nope');
    expect(messageForError('plain text body')).toBe('plain text body');
  });

  it("falls back to an Error's own message", () => {
    expect(messageForError(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(messageForError(new ApiError({ status: 500 }))).toBe('Request failed with status 500');
  });

  it("ends at 'Unknown error'", () => {
    expect(messageForError(undefined)).toBe('Unknown error');
    expect(messageForError(null)).toBe('Unknown error');
    expect(messageForError(42)).toBe('Unknown error');
    expect(messageForError('   ')).toBe('Unknown error');
    expect(messageForError(new Error(''))).toBe('Unknown error');
    expect(messageForError({ error: { message: '' } })).toBe('Unknown error');
  });
});

describe('appErrorFromZodIssues', () => {
  const schema = z.object({
    email: z.string().min(1, { error: 'user/invalid_email' }),
    address: z.object({ city: z.string() }),
    note: z.string().max(3).optional(),
    tags: z.array(z.string()).optional(),
  });

  const issuesOf = (input: unknown) => {
    const result = schema.safeParse(input);
    if (result.success) throw new Error('expected a failure');
    return result.error.issues;
  };

  it('turns a missing value into general/missing_argument with the dotted path', () => {
    const error = appErrorFromZodIssues(issuesOf({ email: 'a@b.co', address: {} }));
    expect(error.code).toBe('general/missing_argument');
    expect(error.params).toEqual(['address.city']);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Missing argument address.city');
  });

  it('recognises a missing value when issues carry their input', () => {
    const result = schema.safeParse({ address: { city: 'x' } }, { reportInput: true });
    expect(result.success).toBe(false);
    const error = appErrorFromZodIssues(result.error?.issues ?? []);
    expect(error.code).toBe('general/missing_argument');
    expect(error.params).toEqual(['email']);
  });

  it('treats an issue whose message is general/missing_argument as a missing value', () => {
    const required = z.object({ terms: z.literal(true, { error: () => 'general/missing_argument' }) });
    const result = required.safeParse({});
    expect(appErrorFromZodIssues(result.error?.issues ?? []).params).toEqual(['terms']);
  });

  it('uses a catalogue code given as the issue message', () => {
    const error = appErrorFromZodIssues(issuesOf({ email: '', address: { city: 'x' } }));
    expect(error.code).toBe('user/invalid_email');
    expect(error.params).toEqual([]);
  });

  it('answers general/argument_error for anything else', () => {
    expect(appErrorFromZodIssues(issuesOf({ email: 'x', address: { city: 5 } })).code).toBe(
      'general/argument_error',
    );
    expect(appErrorFromZodIssues(issuesOf({ email: 'x', address: { city: 'x' }, note: 'long' })).code).toBe(
      'general/argument_error',
    );
    expect(appErrorFromZodIssues([]).code).toBe('general/argument_error');
  });

  it('joins numeric path segments too', () => {
    const error = appErrorFromZodIssues(
      issuesOf({ email: 'x', address: { city: 'x' }, tags: ['a', undefined] }),
    );
    expect(error.code).toBe('general/missing_argument');
    expect(error.params).toEqual(['tags.1']);
  });

  it('lets the first issue decide', () => {
    const error = appErrorFromZodIssues(issuesOf({ email: '' }));
    expect(error.code).toBe('user/invalid_email');
  });
});

describe('limitError', () => {
  it('fills the limit a message quotes, and leaves other codes without params', () => {
    expect(limitError('cart/invalid_quantity').message).toBe('Please choose a quantity from 1 to 99');
    expect(limitError('quotation/too_many_items').params).toEqual(['50']);
    expect(limitError('cart/not_found').params).toEqual([]);
  });
});
