/** Query keys shared by features whose changes touch each other's data (a cart line moved to quotations). */
export const CART_KEY = ['cart'] as const;
export const QUOTATION_ITEMS_KEY = ['quotation-items'] as const;
/** The shopper's orders: paying, the live timeline and the order screens all change them. */
export const ORDERS_KEY = ['orders'] as const;
/** The back-office audit log: every staff change adds to it. */
export const AUDIT_LOG_KEY = ['audit-log'] as const;
/** The store's order desk: payments, status moves and chat change what it lists. */
export const STORE_ORDERS_KEY = ['store-orders'] as const;
/** The back office's customers: a blacklisting changes the list and the customer's page. */
export const CUSTOMERS_KEY = ['customers'] as const;
/** The contact inbox: opening a message marks it read, a reply marks it answered. */
export const CONTACT_INBOX_KEY = ['contact-inbox'] as const;
/** The store's quotation desk: answering an item changes its queue and the item's page. */
export const QUOTATION_DESK_KEY = ['quotation-desk'] as const;
/** The back office's catalogue products: every edit changes both the list and the product's form. */
export const ADMIN_PRODUCTS_KEY = ['admin-products'] as const;
/** The store's vouchers: creating, editing and switching one change the list and its page. */
export const STORE_VOUCHERS_KEY = ['store-vouchers'] as const;
/** The pictures content may show: an upload joins them, and a change that lets go of one may delete it. */
export const CONTENT_PICTURES_KEY = ['content-pictures'] as const;
/** The store's banners as the back office lists them. */
export const STORE_BANNERS_KEY = ['store-banners'] as const;
/** The store's popups as the back office lists them. */
export const STORE_POPUPS_KEY = ['store-popups'] as const;
/** The home page's product groups as the back office lists them. */
export const STORE_HOME_GROUPS_KEY = ['store-home-groups'] as const;
/** The store's image pages as the back office lists them. */
export const STORE_IMAGE_PAGES_KEY = ['store-image-pages'] as const;
/** The store's set-up in the back office: regions, rates, delivery, tax and general rules. */
export const STORE_SETTINGS_KEY = ['store-settings'] as const;
/** The shopper's notifications: the header's bell and the notifications page read and mark the same ones. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
/** The shopper's wishlist: removing an entry changes every page after it. */
export const WISHLIST_KEY = ['wishlist'] as const;
