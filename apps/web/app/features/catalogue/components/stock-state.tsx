import { isInStock, type StockedProduct } from '@crossbuy/core/catalogue';

// Below this many units a shopper is told how many are left.
const FEW_LEFT = 5;

type StockStateProps = {
  product: StockedProduct;
  /** The chosen variant's path ('' for a product without variants); null while the choice is incomplete. */
  path: string | null;
  quantity: number;
  /** Names of the variants still to choose, for the prompt. */
  missing: readonly string[];
  /** So the quantity field can be read with what it says. */
  id?: string;
};

/** Units of the chosen variant, or of the product without variants (docs/rules/catalogue-and-regions.md). */
export function unitsInStock(product: StockedProduct, path: string): number {
  return Object.hasOwn(product.variantPaths, path) ? (product.variantPaths[path]?.stock ?? 0) : product.stock;
}

/** Stock of the chosen variant, or of the product, against the quantity (core's rule, docs/rules/catalogue-and-regions.md). */
export function StockState({ product, path, quantity, missing, id }: StockStateProps) {
  let tone = 'text-muted';
  let text: string;
  if (path === null) {
    text = `Choose ${missing.join(' and ').toLowerCase()} to see stock.`;
  } else {
    const units = unitsInStock(product, path);
    if (units < 1) {
      tone = 'text-danger-700';
      text = 'Sold out';
    } else if (!isInStock(product, path, quantity)) {
      tone = 'text-danger-700';
      text = `Only ${units} left: choose ${units} or fewer.`;
    } else if (units <= FEW_LEFT) {
      tone = 'text-amber-800';
      text = `In stock: only ${units} left`;
    } else {
      tone = 'text-brand-800';
      text = 'In stock';
    }
  }
  return (
    <p id={id} role="status" className={`text-sm font-semibold ${tone}`} data-testid="stock-state">
      {text}
    </p>
  );
}
