import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

// Every page may sit under a country segment (/sg/cart); the layout checks it and the segment is
// used only for analytics (spec section 2).
export default [
  route(':country?', 'routes/country-layout.tsx', [
    index('routes/home.tsx'),
    route('cart', 'routes/cart.tsx'),
    route('checkout', 'routes/checkout.tsx'),
    route('sign_in', 'routes/sign-in.tsx'),
    route('register', 'routes/register.tsx'),
    route('verify_email', 'routes/verify-email.tsx'),
    route('forgot_password', 'routes/forgot-password.tsx'),
    route('reset_password', 'routes/reset-password.tsx'),
    route('tfa', 'routes/tfa.tsx'),
    route('tfa/reset', 'routes/tfa-reset.tsx'),
    route('staff_invitation', 'routes/staff-invitation.tsx'),
    // Signed-in pages share one guard and one per-user data cache.
    layout('routes/account-layout.tsx', [
      route('account', 'routes/account.tsx'),
      route('account/security', 'routes/account-security.tsx'),
      route('account/addresses', 'routes/account-addresses.tsx'),
    ]),
    route('dev/mailbox', 'routes/dev-mailbox.tsx'),
    route('_app', 'routes/app-shell.tsx'),
    route('search', 'routes/search.tsx'),
    route('category/:categoryId', 'routes/category.tsx'),
    route('categories/:categoryId', 'routes/categories-redirect.tsx'),
    route('product/:productId', 'routes/product.tsx'),
    route('merchants', 'routes/merchants.tsx'),
    route('merchant/:merchantId', 'routes/merchant.tsx'),
    route('wishlist', 'routes/wishlist.tsx'),
    route('quotations', 'routes/quotations.tsx'),
    route('quotations/new', 'routes/quotation-new.tsx'),
    route('quotations/:quotationId', 'routes/quotation.tsx'),
    route('orders', 'routes/orders.tsx'),
    route('orders/:orderId', 'routes/order.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('image_page/:imagePageId', 'routes/image-page.tsx'),
    // The back office: staff only, two-factor on, each section for the roles it names.
    layout('routes/admin-layout.tsx', [
      route('admin', 'routes/admin-dashboard.tsx'),
      route('admin/orders', 'routes/admin-orders.tsx'),
      route('admin/orders/:orderId', 'routes/admin-order.tsx'),
      route('admin/audit_log', 'routes/admin-audit-log.tsx'),
      route('admin/staff', 'routes/admin-staff.tsx'),
    ]),
    route('terms', 'routes/terms.tsx'),
    route('privacy', 'routes/privacy.tsx'),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
