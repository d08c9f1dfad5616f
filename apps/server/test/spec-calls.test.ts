import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// Every call of spec section 7, as its method and path; the services are mounted under /api.
const SPEC_CALLS = `
GET /ping
POST /auth/login
POST /auth/forgotPassword
POST /auth/resetPassword
POST /auth/register
POST /auth/verifyEmail
DELETE /auth/logout
POST /auth/refreshAccessToken
POST /auth/changePassword
GET /auth/me
POST /auth/resendVerifyCode
POST /tfa/requestReset
POST /tfa/reset
POST /tfa/setup
POST /tfa/verify
POST /tfa/skip_setup
GET /tfa/is_enabled
POST /tfa/disable_tfa
POST /user/profile
POST /user/names
POST /product/searchExternal
GET /product/checkPending
GET /product/search
GET /product/one/{}
GET /product/{}/flags
GET /product/categories
GET /product/recently_viewed
POST /quotation/request
GET /quotation
GET /quotation_item
GET /quotation_item/external
POST /quotation_item/internal
PUT /quotation_item/{}
DELETE /quotation_item/{}
POST /quotation_item/internal_product
POST /quotation_item/external
GET /quotation_order
GET /quotation_order/{}
GET /cart
POST /cart
PUT /cart/{}
DELETE /cart/{}
GET /config
GET /checkout/estimate_costs
POST /checkout/create_order
GET /quotation_checkout/estimate_costs
POST /quotation_checkout/create_order
POST /checkout/session
GET /checkout/session/{}
POST /voucher/validate
POST /voucher/get_available
GET /order
GET /order/{}
GET /order/{}/dispute_info
GET /order/{}/dispute_info/v1
DELETE /order/{}
GET /order/{}/messages
POST /order/{}/messages
POST /order/{}/confirm_receipt
POST /order/{}/payment_info
POST /order/{}/paynow_paid
POST /order/{}/update_chat_status
GET /popup
GET /image_page/{}
POST /wishlist
GET /wishlist
GET /wishlist/{}
GET /notification
GET /home_product_group
GET /home_product_group/by_category
GET /banner
GET /merchant
GET /merchant/{}
GET /shipping_location/enabled
GET /address
POST /address
PUT /address/{}
DELETE /address/{}
POST /address/{}/main
GET /region
GET /region/default
GET /region/enabled
GET /region/preferred
POST /region/prefer
POST /payment/stripe/card/pay
GET /payment/stripe/card/payment_methods
DELETE /payment/stripe/card/payment_methods/{}
POST /contact_us
POST /opengraph
`
  .trim()
  .split('\n');

describe('the API document', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());

  it('describes every call of the spec, with a schema for what it answers', async () => {
    const document = (await harness.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const described = new Map<string, { responses?: Record<string, unknown> }>();
    for (const [path, operations] of Object.entries(
      document.paths as Record<string, Record<string, object>>,
    )) {
      for (const [method, operation] of Object.entries(operations)) {
        described.set(`${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`, operation);
      }
    }
    const missing = SPEC_CALLS.filter((call) => {
      const [method, path] = call.split(' ');
      return !described.has(`${method} /api${path}`);
    });
    expect(missing).toEqual([]);
    const withoutAnswer = SPEC_CALLS.filter((call) => {
      const [method, path] = call.split(' ');
      return Object.keys(described.get(`${method} /api${path}`)?.responses ?? {}).length === 0;
    });
    expect(withoutAnswer).toEqual([]);
  });
});
