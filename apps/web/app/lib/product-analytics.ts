import type { ProductSummary } from '@crossbuy/core/catalogue';
import { type Money, minorUnitDigits } from '@crossbuy/core/money';
import type { AnalyticsItem } from './analytics';

/** Analytics take amounts in major units of the currency (12.9 for SGD 12.90). */
export function majorUnits(value: Money): number {
  return value.amountMinor / 10 ** minorUnitDigits(value.currency);
}

type ItemOptions = {
  price?: Money;
  variant?: string | null;
  quantity?: number;
  listName?: string;
  index?: number;
};

/** A product as an analytics item, in the recommended e-commerce parameter names. */
export function productItem(product: ProductSummary, options: ItemOptions = {}): AnalyticsItem {
  const item: AnalyticsItem = {
    item_id: product.uuid,
    item_name: product.name,
    item_brand: product.merchant.name,
    item_category: product.categoryId,
    price: majorUnits(options.price ?? product.price),
  };
  if (options.variant) item.item_variant = options.variant;
  if (options.quantity !== undefined) item.quantity = options.quantity;
  if (options.listName !== undefined) item.item_list_name = options.listName;
  if (options.index !== undefined) item.index = options.index;
  return item;
}
