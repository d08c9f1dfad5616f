// Every table the server owns, in one place for Drizzle's query builder and drizzle-kit.
export * from '../features/addresses/addresses.table.js';
export * from '../features/auth/sessions.table.js';
export * from '../features/auth/user-secrets.table.js';
export * from '../features/cart/cart.table.js';
export * from '../features/catalogue/catalogue.table.js';
export * from '../features/content/content.table.js';
export * from '../features/external-products/external-products.table.js';
export * from '../features/jobs/jobs.table.js';
export * from '../features/mail/mail.table.js';
export * from '../features/notifications/notifications.table.js';
export * from '../features/quotations/quotations.table.js';
export * from '../features/regions/regions.table.js';
export * from '../features/system/system.table.js';
export * from '../features/users/users.table.js';
export * from '../features/wishlist/wishlist.table.js';
