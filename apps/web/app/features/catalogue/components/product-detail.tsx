import { type CategoryEntry, type Product, variantLabel } from '@crossbuy/core/catalogue';
import type { Money } from '@crossbuy/core/money';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { Price, PriceRange } from '../../../components/ui/price';
import { QuantityField } from '../../../components/ui/quantity-field';
import { Breadcrumbs } from './breadcrumbs';
import { ProductGallery } from './product-gallery';
import { StockState, unitsInStock } from './stock-state';
import { choicePath, initialChoice, type VariantChoice, VariantPicker } from './variant-picker';

/** What the shopper has chosen on the page, for the buttons that act on it. */
export type ProductChoice = {
  /** The variant path, '' without variants, or null while an option of some kind is not chosen. */
  path: string | null;
  quantity: number;
  /** The price of one of the choice (the product's price until the choice is whole). */
  price: Money;
  /** 'Colour: Black, Size: M', or null. */
  label: string | null;
  /** The names of the kinds of option not chosen yet. */
  missing: string[];
};

type ProductDetailProps = {
  product: Product;
  /** The product's category and its ancestors, root first. */
  trail: readonly Pick<CategoryEntry, 'id' | 'name'>[];
  /** The buttons that act on the current choice (cart, quotation, wishlist), composed by the route. */
  actions?: (choice: ProductChoice) => ReactNode;
};

export function ProductDetail({ product, trail, actions }: ProductDetailProps) {
  const id = useId();
  const [choice, setChoice] = useState<VariantChoice>(() => initialChoice(product.variants));
  const [quantity, setQuantity] = useState(1);
  const hasVariants = product.variants.length > 0;
  const path = hasVariants ? choicePath(choice) : '';
  const chosenPrice = path === null ? null : (product.variantPaths[path]?.price ?? product.price);
  const label = path ? variantLabel(product.variants, path) : null;
  const category = trail.at(-1);
  const missing = product.variants.filter((_, position) => choice[position] === null).map((v) => v.name);

  return (
    <article
      className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:py-10"
      aria-labelledby={`${id}-name`}
    >
      <Breadcrumbs trail={trail} current={product.name} />
      <div className="grid gap-8 md:grid-cols-2">
        <ProductGallery name={product.name} mainImage={product.mainImage} gallery={product.gallery} />
        <div className="flex flex-col gap-5">
          <div className="flex flex-col gap-2">
            <p className="text-sm text-muted">
              <Link
                to={`/merchant/${product.merchant.id}`}
                className="font-semibold text-brand-800 hover:underline"
              >
                {product.merchant.name}
              </Link>{' '}
              · from {product.sourceMarketPlace}
            </p>
            <h1 id={`${id}-name`} className="text-3xl font-bold tracking-tight">
              {product.name}
            </h1>
            {product.disabled ? null : (
              <p className="text-2xl font-bold text-brand-900" data-testid="product-price">
                {chosenPrice ? <Price value={chosenPrice} /> : <PriceRange range={product.priceRange} />}
              </p>
            )}
          </div>

          {product.disabled ? (
            <Alert tone="info">
              This product is no longer available. You may find something like it in{' '}
              <Link to={category ? `/category/${category.id}` : '/search'} className="underline">
                {category ? category.name : 'our catalogue'}
              </Link>
              .
            </Alert>
          ) : (
            <div className="flex flex-col gap-5">
              {hasVariants ? <VariantPicker product={product} choice={choice} onChange={setChoice} /> : null}
              <StockState
                id={`${id}-stock`}
                product={product}
                path={path}
                quantity={quantity}
                missing={missing}
              />
              <QuantityField
                id={`${id}-quantity`}
                label="Quantity"
                productName={product.name}
                quantity={quantity}
                unitsInStock={path === null ? null : unitsInStock(product, path)}
                onChange={setQuantity}
                noteId={`${id}-stock`}
                refitWhenStockChanges
              />
              {actions?.({ path, quantity, price: chosenPrice ?? product.price, label, missing })}
            </div>
          )}

          <section aria-labelledby={`${id}-about`} className="flex flex-col gap-2 border-t border-line pt-5">
            <h2 id={`${id}-about`} className="text-lg font-semibold">
              About this product
            </h2>
            <p className="text-muted">{product.description}</p>
            <p className="text-sm">
              <Link to={`/merchant/${product.merchant.id}`} className={buttonClasses('secondary', 'mt-2')}>
                More from {product.merchant.name}
              </Link>
            </p>
          </section>
        </div>
      </div>
    </article>
  );
}
