import { ADMIN_PRODUCT_SORTS, type AdminProductSort, flattenCategoryTree } from '@crossbuy/core/catalogue';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { DownloadLink } from '../../../components/ui/download-link';
import { ChoiceFilter, FilterBar, SearchFilter } from '../../../components/ui/filter-bar';
import { EmptyList } from '../../../components/ui/page-states';
import { PagedTable } from '../../../components/ui/paged-list';
import { listPageHref } from '../../../components/ui/pagination';
import { Price } from '../../../components/ui/price';
import { labelledOptions, SelectField } from '../../../components/ui/select-field';
import { SquarePicture } from '../../../components/ui/square-picture';
import { TitledPage } from '../../../components/ui/titled-page';
import { thumbnailUrl } from '../../../lib/images';
import {
  ADMIN_PRODUCT_PAGE_SIZE,
  type AdminProductFilter,
  useAdminProductList,
  useCatalogueChoices,
} from '../api/product-admin-api';

const SORT_LABELS: Record<AdminProductSort, string> = {
  updated_desc: 'Last changed first',
  name_asc: 'Name, A to Z',
  name_desc: 'Name, Z to A',
  price_asc: 'Price, lowest first',
  price_desc: 'Price, highest first',
  stock_asc: 'Stock, lowest first',
  stock_desc: 'Stock, highest first',
};

const STATE_CHOICES = [
  { value: 'true', label: 'On sale' },
  { value: 'false', label: 'Disabled' },
];

const STOCK_CHOICES = [
  { value: 'in_stock', label: 'In stock' },
  { value: 'sold_out', label: 'Sold out' },
];

const COLUMNS = [
  { label: 'Picture' },
  { label: 'Product' },
  { label: 'Category' },
  { label: 'State' },
  { label: 'Stock', align: 'end' },
  { label: 'Price', align: 'end' },
] as const;

const CATEGORY_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The list's filter and order as the URL states them; anything it cannot read is left out. */
export function adminProductFilterFrom(search: URLSearchParams): AdminProductFilter {
  const text = (name: string) => search.get(name)?.trim() || null;
  const pick = <T extends string>(name: string, allowed: readonly T[]): T | null => {
    const value = text(name);
    return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : null;
  };
  const categoryId = text('categoryId');
  const merchantId = text('merchantId');
  return {
    q: text('q')?.slice(0, 100) ?? null,
    categoryId: categoryId !== null && CATEGORY_ID.test(categoryId) ? categoryId : null,
    merchantId: merchantId !== null && UUID.test(merchantId) ? merchantId : null,
    enabled: pick('enabled', ['true', 'false'] as const),
    stock: pick('stock', ['in_stock', 'sold_out'] as const),
    sort: pick('sort', ADMIN_PRODUCT_SORTS),
  };
}

function hrefFor(filter: AdminProductFilter, page = 1): string {
  return listPageHref('/admin/products', filter, page);
}

/** Every product of the catalogue, enabled or not, found, narrowed and sorted on the server. */
export function ProductAdminList({ filter, page }: { filter: AdminProductFilter; page: number }) {
  const list = useAdminProductList(filter, page);
  const choices = useCatalogueChoices();
  const filtered = Object.entries(filter).some(([name, value]) => name !== 'sort' && value !== null);
  const categories = choices.categories.data ? flattenCategoryTree(choices.categories.data) : [];

  return (
    <TitledPage
      headingId="products-heading"
      title="Catalogue"
      width="max-w-6xl"
      actions={
        <div className="flex flex-wrap gap-3">
          <DownloadLink href="/api/admin/products/export">Export products (CSV)</DownloadLink>
          <Link to="/admin/products/import" className={buttonClasses('secondary')}>
            Import products
          </Link>
          <Link to="/admin/products/new" className={buttonClasses('primary')}>
            Add a product
          </Link>
        </div>
      }
    >
      <FilterBar
        // The category and merchant lists arrive after the form: drawn again then, so the URL's choice shows.
        key={choices.categories.isSuccess && choices.merchants.isSuccess ? 'choices' : 'waiting'}
        action="/admin/products"
        label="Find products"
        clearLabel="Show every product"
        filtered={filtered}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
        actionsClassName="flex flex-wrap gap-3 lg:col-span-4 lg:self-end"
      >
        <SearchFilter label="Name or id" name="q" value={filter.q} className="lg:col-span-2" />
        <ChoiceFilter
          label="Category"
          name="categoryId"
          value={filter.categoryId}
          options={categories.map((category) => ({
            value: category.id,
            label: `${'– '.repeat(category.depth)}${category.name}`,
          }))}
        />
        <ChoiceFilter
          label="Merchant"
          name="merchantId"
          value={filter.merchantId}
          options={(choices.merchants.data ?? []).map((merchant) => ({
            value: merchant.id,
            label: merchant.name,
          }))}
        />
        <ChoiceFilter label="State" name="enabled" value={filter.enabled} options={STATE_CHOICES} />
        <ChoiceFilter label="Stock" name="stock" value={filter.stock} options={STOCK_CHOICES} />
        <SelectField
          label="Sort by"
          name="sort"
          defaultValue={filter.sort ?? 'updated_desc'}
          options={labelledOptions(ADMIN_PRODUCT_SORTS, SORT_LABELS)}
          className="lg:col-span-2"
        />
      </FilterBar>

      <div aria-live="polite" className="flex flex-col gap-6">
        <PagedTable
          list={list}
          rows="products"
          noun="products"
          empty={
            <EmptyList>{filtered ? 'No product matches.' : 'The catalogue has no products yet.'}</EmptyList>
          }
          above={({ total }) => (
            <p className="text-sm text-muted">{total === 1 ? '1 product' : `${total} products`}</p>
          )}
          caption={(range) =>
            `Products ${range}, ${SORT_LABELS[filter.sort ?? 'updated_desc'].toLowerCase()}`
          }
          columns={COLUMNS}
          cells={(product) => (
            <>
              <td className="p-3">
                {/* The main picture's thumbnail, or the placeholder; the name beside it says what it shows. */}
                <SquarePicture
                  src={thumbnailUrl(product.mainImage)}
                  size={48}
                  loading="lazy"
                  className="size-12 min-w-12 rounded-lg border border-line bg-brand-50 object-cover"
                />
              </td>
              <td className="p-3">
                <Link to={`/admin/products/${product.id}`} className="font-semibold underline">
                  {product.name}
                </Link>
                <p className="text-muted">
                  {product.merchant.name}
                  {product.variantCount > 0 ? ` · ${product.variantCount} variants` : ''}
                </p>
              </td>
              <td className="p-3">{product.category.name}</td>
              <td className="p-3">
                {product.enabled ? (
                  'On sale'
                ) : (
                  <span className="font-semibold text-danger-700">Disabled</span>
                )}
              </td>
              <td className="p-3 text-end">
                {product.stock === 0 ? <span className="font-semibold">Sold out</span> : product.stock}
              </td>
              <td className="p-3 text-end">
                <Price value={product.price} />
              </td>
            </>
          )}
          page={page}
          pageSize={ADMIN_PRODUCT_PAGE_SIZE}
          hrefFor={(next) => hrefFor(filter, next)}
        />
      </div>
    </TitledPage>
  );
}
