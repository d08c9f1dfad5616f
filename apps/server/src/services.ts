import type { PublicConfig } from '@crossbuy/core/settings';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { addressRoutes } from './features/addresses/addresses.routes.js';
import { adminAuditRoutes } from './features/audit-log/audit-log.routes.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { cartRoutes } from './features/cart/cart.routes.js';
import { isInCart } from './features/cart/cart.service.js';
import { catalogueRoutes } from './features/catalogue/catalogue.routes.js';
import { adminCategoryRoutes } from './features/catalogue-admin/category-admin.routes.js';
import { adminMerchantRoutes } from './features/catalogue-admin/merchant-admin.routes.js';
import { adminProductRoutes } from './features/catalogue-admin/product-admin.routes.js';
import { adminProductImageRoutes } from './features/catalogue-admin/product-images.routes.js';
import { checkoutRoutes } from './features/checkout/checkout.routes.js';
import type { OrderRules } from './features/checkout/place-order.js';
import { voucherCheckRoutes } from './features/checkout/voucher-check.routes.js';
import { contactRoutes } from './features/contact/contact.routes.js';
import { adminContactRoutes } from './features/contact/contact-admin.routes.js';
import { adminContentRoutes, contentRoutes } from './features/content/content.routes.js';
import { adminCustomerRoutes } from './features/customers/customers.routes.js';
import { adminDashboardRoutes } from './features/dashboard/dashboard.routes.js';
import {
  externalProductRoutes,
  linkPreviewRoutes,
} from './features/external-products/external-products.routes.js';
import { notificationRoutes } from './features/notifications/notifications.routes.js';
import { adminOrderChatRoutes, orderChatRoutes } from './features/orders/order-chat.routes.js';
import { adminOrderRoutes, orderRoutes } from './features/orders/orders.routes.js';
import { adminPaymentRoutes, paymentRoutes } from './features/payments/payments.routes.js';
import { adminRefundRoutes } from './features/payments/refunds.routes.js';
import { adminQuotationRoutes, quotationRoutes } from './features/quotations/quotations.routes.js';
import type { QuotingRules } from './features/quotations/quote-terms.service.js';
import { regionRoutes } from './features/regions/regions.routes.js';
import {
  createRegionDirectory,
  REGIONS_CHANGED_TOPIC,
  type RegionDirectory,
} from './features/regions/regions.service.js';
import { adminSettingsRoutes } from './features/settings/settings.routes.js';
import { readStoreSettings, storeSettingDefaults } from './features/settings/store-settings.service.js';
import { adminStaffRoutes, staffInvitationRoutes } from './features/staff/staff.routes.js';
import { configRoutes, pingRoutes } from './features/system/system.routes.js';
import { tfaRoutes } from './features/tfa/tfa.routes.js';
import { userRoutes } from './features/users/users.routes.js';
import { adminVoucherRoutes } from './features/voucher-admin/voucher-admin.routes.js';
import { wishlistRoutes } from './features/wishlist/wishlist.routes.js';
import { isInWishlist } from './features/wishlist/wishlist.service.js';

/**
 * The API's services, each a plugin that can be mounted under its own prefix. The default server
 * mounts them all under /api on the web app's origin, so the paths of docs/rules/api-and-errors.md map one to one.
 */
export const authService: FastifyPluginAsync = async (app) => {
  await app.register(pingRoutes);
  await app.register(authRoutes);
  await app.register(tfaRoutes);
  await app.register(userRoutes);
  await app.register(staffInvitationRoutes);
};

export type StoreServiceOptions = { publicConfig: PublicConfig };

export const storeService: FastifyPluginAsync<StoreServiceOptions> = async (app, options) => {
  const regions = regionDirectoryOf(app);
  await app.register(configRoutes, { publicConfig: options.publicConfig });
  await app.register(addressRoutes);
  await app.register(regionRoutes, { regions });
  await app.register(catalogueRoutes, {
    regions,
    flagChecks: {
      inWishlist: (userId, productId) => isInWishlist(app.db, userId, productId),
      inCart: (userId, productId) => isInCart(app.db, userId, productId),
    },
  });
  await app.register(contentRoutes, { regions });
  await app.register(wishlistRoutes, { regions });
  await app.register(cartRoutes, { regions });
  await app.register(quotationRoutes, { regions, rules: quotingRulesOf(app) });
  await app.register(notificationRoutes);
  await app.register(orderChatRoutes);
  await app.register(externalProductRoutes);
  await app.register(checkoutRoutes, {
    regions,
    rules: { ...orderRulesOf(app), sessionMinutes: app.config.checkoutSessionMinutes },
  });
  await app.register(voucherCheckRoutes, { regions });
  await app.register(orderRoutes, { supportEmail: app.config.supportEmail });
  await app.register(paymentRoutes);
};

/** The functions service: calls that do work for the page rather than keep store data. */
export const functionsService: FastifyPluginAsync = async (app) => {
  await app.register(linkPreviewRoutes);
  await app.register(contactRoutes);
};

/** Back-office calls for operators and admins, mounted under /api/admin. */
export const adminService: FastifyPluginAsync = async (app) => {
  await app.register(adminOrderRoutes);
  await app.register(adminOrderChatRoutes);
  await app.register(adminQuotationRoutes, {
    regions: regionDirectoryOf(app),
    rules: quotingRulesOf(app),
  });
  await app.register(adminPaymentRoutes);
  await app.register(adminRefundRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminCustomerRoutes);
  await app.register(adminContactRoutes);
  await app.register(adminCategoryRoutes);
  await app.register(adminMerchantRoutes);
  await app.register(adminProductImageRoutes);
  await app.register(adminProductRoutes);
  await app.register(adminVoucherRoutes);
  await app.register(adminContentRoutes);
  await app.register(adminSettingsRoutes);
  await app.register(adminDashboardRoutes);
  await app.register(adminStaffRoutes);
};

/** A region directory that drops its snapshot whenever any process announces a change of regions or rates. */
function regionDirectoryOf(app: FastifyInstance): RegionDirectory {
  const regions = createRegionDirectory(app.db);
  const stop = app.live.subscribe(REGIONS_CHANGED_TOPIC, () => regions.forget());
  app.addHook('onClose', async () => stop());
  return regions;
}

/** The quoting rules as an admin last set them (store settings), read when a quote is given. */
function quotingRulesOf(app: FastifyInstance): () => Promise<QuotingRules> {
  const defaults = storeSettingDefaults(app.config);
  return async () => {
    const settings = await readStoreSettings(app.db, defaults);
    return { feePercent: settings.quoteFeePercent, validDays: settings.quoteValidDays };
  };
}

export function orderRulesOf(app: FastifyInstance): OrderRules {
  const { config } = app;
  return {
    setup: {
      card: config.stripe.secretKey !== undefined,
      testCard: config.testCardEnabled,
      paynow: config.paynow !== undefined,
    },
    cardFeePercent: config.cardFeePercent,
    paymentMinutes: config.orderPaymentMinutes,
    storeDefaults: storeSettingDefaults(config),
  };
}
