import type { ProductSummary } from '@crossbuy/core/catalogue';
import { useId } from 'react';
import { Link } from 'react-router';
import { track } from '../../lib/analytics';
import { thumbnailUrl } from '../../lib/images';
import { productItem } from '../../lib/product-analytics';
import { PriceRange } from '../ui/price';
import { StorePicture } from '../ui/store-picture';

type ProductCardProps = {
  product: ProductSummary;
  /** The list the card is shown in, for select_item ('Search results', a home row's title). */
  listName: string;
  index: number;
  /** The card whose picture is likely the page's largest paint: fetched at once and first. */
  priority?: boolean;
};

function productPath(product: Pick<ProductSummary, 'paramName'>): string {
  return `/product/${product.paramName}`;
}

/**
 * One product in a list: a single link to its page. The link is named by the name, price and stock
 * text; the picture keeps its own alt text for whoever browses images.
 */
export function ProductCard({ product, listName, index, priority = false }: ProductCardProps) {
  const id = useId();
  const soldOut = product.stock < 1;
  return (
    <Link
      to={productPath(product)}
      aria-labelledby={`${id}-name ${id}-price ${id}-stock`}
      className="group flex h-full flex-col overflow-hidden rounded-xl border border-line bg-white hover:border-brand-700"
      onClick={() =>
        track('select_item', {
          item_list_name: listName,
          items: [productItem(product, { listName, index })],
        })
      }
    >
      <StorePicture
        src={thumbnailUrl(product.mainImage)}
        alt={product.name}
        width={320}
        height={320}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        className="aspect-square w-full bg-brand-50 object-cover"
      />
      <span className="flex flex-1 flex-col gap-1 p-3">
        <span id={`${id}-name`} className="line-clamp-2 font-semibold text-ink group-hover:underline">
          {product.name}
        </span>
        <span className="text-xs text-muted">{product.merchant.name}</span>
        <span className="mt-auto flex flex-wrap items-baseline justify-between gap-x-2 pt-1">
          <PriceRange id={`${id}-price`} range={product.priceRange} className="font-bold text-brand-900" />
          <span id={`${id}-stock`} className={`text-xs ${soldOut ? 'text-danger-700' : 'sr-only'}`}>
            {soldOut ? 'Sold out' : 'In stock'}
          </span>
        </span>
      </span>
    </Link>
  );
}

type ProductGridProps = {
  products: readonly ProductSummary[];
  listName: string;
  /** Page offset, so select_item reports a product's place in the whole list. */
  firstIndex?: number;
  /** The grid opens the page, so its first picture is the page's largest paint (see ProductCard). */
  leadsPage?: boolean;
  className?: string;
};

export function ProductGrid({
  products,
  listName,
  firstIndex = 0,
  leadsPage = false,
  className = '',
}: ProductGridProps) {
  return (
    <ul
      className={`grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 ${className}`.trim()}
      aria-label={listName}
    >
      {products.map((product, index) => (
        <li key={product.uuid}>
          <ProductCard
            product={product}
            listName={listName}
            index={firstIndex + index}
            priority={leadsPage && index === 0}
          />
        </li>
      ))}
    </ul>
  );
}
