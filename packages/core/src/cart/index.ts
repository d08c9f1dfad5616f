import { z } from 'zod';
import { productSchema } from '../catalogue/schemas.js';
import { isInStock, linePrice, type StockedProduct } from '../catalogue/stock.js';
import { type CurrencyCode, type Money, sumMoney } from '../money/index.js';
import { fails } from '../validation/issue-codes.js';
import { moneySchema } from '../validation/wire.js';
import { CART_MAX_QUANTITY, CART_MESSAGE_MAX_LENGTH } from './limits.js';

// Spec sections 3, 4 and 5: the cart, its lines and the shopper's checkout selection.

export * from './limits.js';

const productIdSchema = z.string(fails('product/not_found')).min(1, fails('product/not_found')).max(200);
/** Option indexes joined by '/', or '' for a product without variants; checked against the product later. */
const variantPathSchema = z.string(fails('cart/invalid_variant_path')).max(200, 'cart/invalid_variant_path');
const quantitySchema = z
  .number(fails('cart/invalid_quantity'))
  .int('cart/invalid_quantity')
  .min(1, 'cart/invalid_quantity')
  .max(CART_MAX_QUANTITY, 'cart/invalid_quantity');
const messageSchema = z
  .string(fails('cart/invalid_message'))
  .max(CART_MESSAGE_MAX_LENGTH, 'cart/invalid_message');

export const addToCartSchema = z.object({
  productId: productIdSchema,
  variantPath: variantPathSchema.default(''),
  quantity: quantitySchema.default(1),
  message: messageSchema.default(''),
});
export type AddToCart = z.infer<typeof addToCartSchema>;

/** Only quantity and message may change (spec section 5); any other key is refused, never applied. */
export const updateCartItemSchema = z
  .strictObject({ quantity: quantitySchema.optional(), message: messageSchema.optional() })
  .refine((update) => update.quantity !== undefined || update.message !== undefined, {
    message: 'general/missing_argument',
    path: ['quantity'],
  });
export type UpdateCartItem = z.infer<typeof updateCartItemSchema>;

export const cartItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  variantPath: z.string(),
  quantity: z.int(),
  message: z.string(),
  /** 'Colour: Black, Size: M', or null when the path does not name one option of each variant. */
  variantLabel: z.string().nullable(),
  /** The price of one, in the requested region's currency, read from the tables when answering. */
  unitPrice: moneySchema,
  /** Spec section 4's stock rule for this line's quantity. */
  inStock: z.boolean(),
  /** Units of the chosen variant (or the product) on hand, so the page can say how many are left. */
  stockAvailable: z.int(),
  /** False when the product has been disabled since it was added: it cannot be bought. */
  available: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({ cartItems: z.array(cartItemSchema), products: z.array(productSchema) });
export type Cart = z.infer<typeof cartSchema>;

export const cartItemAnswerSchema = z.object({ cartItem: cartItemSchema, product: productSchema });

/** Spec section 4's stock rule, read for one cart line. */
export function cartLineInStock(product: StockedProduct, variantPath: string, quantity: number): boolean {
  return isInStock(product, variantPath, quantity);
}

/** The price of the chosen lines, in `currency`; an empty selection costs nothing in that currency. */
export function selectionSubtotal(
  lines: readonly { unitPrice: Money; quantity: number }[],
  currency: CurrencyCode,
): Money {
  return sumMoney(
    lines.map((line) => linePrice(line.unitPrice, line.quantity)),
    currency,
  );
}

/**
 * Spec section 3's checkout selection: the checked cart and quotation item ids. Ids that no longer exist
 * are dropped; `allChecked` is true only when there is something and all of it is checked.
 */
export type CheckoutSelection = { cartItemIds: string[]; quotationItemIds: string[]; allChecked: boolean };

export function reconcileSelection(
  selection: Pick<CheckoutSelection, 'cartItemIds' | 'quotationItemIds'>,
  existing: { cartItemIds: readonly string[]; quotationItemIds: readonly string[] },
): CheckoutSelection {
  const cartIds = new Set(existing.cartItemIds);
  const quotationIds = new Set(existing.quotationItemIds);
  const cartItemIds = selection.cartItemIds.filter((id) => cartIds.has(id));
  const quotationItemIds = selection.quotationItemIds.filter((id) => quotationIds.has(id));
  const total = cartIds.size + quotationIds.size;
  return {
    cartItemIds,
    quotationItemIds,
    allChecked: total > 0 && cartItemIds.length + quotationItemIds.length === total,
  };
}
