/** Query keys shared by features whose changes touch each other's data (a cart line moved to quotations). */
export const CART_KEY = ['cart'] as const;
export const QUOTATION_ITEMS_KEY = ['quotation-items'] as const;
/** The shopper's orders: paying, the live timeline and the order screens all change them. */
export const ORDERS_KEY = ['orders'] as const;
/** The back-office audit log: every staff change adds to it. */
export const AUDIT_LOG_KEY = ['audit-log'] as const;
/** The store's order desk: payments, status moves and chat change what it lists. */
export const STORE_ORDERS_KEY = ['store-orders'] as const;
/** The store's set-up in the back office: regions, rates, delivery, tax and general rules. */
export const STORE_SETTINGS_KEY = ['store-settings'] as const;
