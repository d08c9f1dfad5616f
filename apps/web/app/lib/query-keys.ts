/** Query keys shared by features whose changes touch each other's data (a cart line moved to quotations). */
export const CART_KEY = ['cart'] as const;
export const QUOTATION_ITEMS_KEY = ['quotation-items'] as const;
