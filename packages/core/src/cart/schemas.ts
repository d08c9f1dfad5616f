import { z } from 'zod';
import { productSchema } from '../catalogue/schemas.js';
import { fails } from '../validation/issue-codes.js';
import { moneySchema } from '../validation/wire.js';
import { CART_MAX_QUANTITY, CART_MESSAGE_MAX_LENGTH } from './limits.js';

// The cart's wire shapes and request schemas (docs/rules/cart-and-checkout.md), apart from its rules so a page
// that needs only the rules does not load the validation library.

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

/** Only quantity and message may change (docs/rules/cart-and-checkout.md); any other key is refused, never applied. */
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
  /** The stock rule (docs/rules/catalogue-and-regions.md) for this line's quantity. */
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
export type CartItemAnswer = z.infer<typeof cartItemAnswerSchema>;
