import { ADMIN_PRODUCT_SORTS, type AdminProductSort, flattenCategoryTree } from '@crossbuy/core/catalogue';
import { Form, Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { DownloadLink } from '../../../components/ui/download-link';
import { Loading } from '../../../components/ui/loading';
import { EmptyList, LoadFailure } from '../../../components/ui/page-states';
import { listPageHref, Pagination } from '../../../components/ui/pagination';
import { Price } from '../../../components/ui/price';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
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
    <section
      className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-10"
      aria-labelledby="products-heading"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="products-heading" className="text-3xl font-bold tracking-tight">
          Catalogue
        </h1>
        <div className="flex flex-wrap gap-3">
          <DownloadLink href="/api/admin/products/export">Export products (CSV)</DownloadLink>
          <Link to="/admin/products/import" className={buttonClasses('secondary')}>
            Import products
          </Link>
          <Link to="/admin/products/new" className={buttonClasses('primary')}>
            Add a product
          </Link>
        </div>
      </div>
      <Form
        // The category and merchant lists arrive after the form: drawn again then, so the URL's choice shows.
        key={choices.categories.isSuccess && choices.merchants.isSuccess ? 'choices' : 'waiting'}
        method="get"
        action="/admin/products"
        role="search"
        aria-label="Find products"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
      >
        <TextField
          label="Name or id"
          name="q"
          type="search"
          defaultValue={filter.q ?? ''}
          maxLength={100}
          autoComplete="off"
          className="lg:col-span-2"
        />
        <SelectField
          label="Category"
          name="categoryId"
          defaultValue={filter.categoryId ?? ''}
          placeholder="Any"
          options={categories.map((category) => ({
            value: category.id,
            label: `${'– '.repeat(category.depth)}${category.name}`,
          }))}
        />
        <SelectField
          label="Merchant"
          name="merchantId"
          defaultValue={filter.merchantId ?? ''}
          placeholder="Any"
          options={(choices.merchants.data ?? []).map((merchant) => ({
            value: merchant.id,
            label: merchant.name,
          }))}
        />
        <SelectField
          label="State"
          name="enabled"
          defaultValue={filter.enabled ?? ''}
          placeholder="Any"
          options={[
            { value: 'true', label: 'On sale' },
            { value: 'false', label: 'Disabled' },
          ]}
        />
        <SelectField
          label="Stock"
          name="stock"
          defaultValue={filter.stock ?? ''}
          placeholder="Any"
          options={[
            { value: 'in_stock', label: 'In stock' },
            { value: 'sold_out', label: 'Sold out' },
          ]}
        />
        <SelectField
          label="Sort by"
          name="sort"
          defaultValue={filter.sort ?? 'updated_desc'}
          options={ADMIN_PRODUCT_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))}
          className="lg:col-span-2"
        />
        <div className="flex flex-wrap gap-3 lg:col-span-4 lg:self-end">
          <Button type="submit">Find products</Button>
          {filtered ? (
            <Link to="/admin/products" className={buttonClasses('secondary')}>
              Show every product
            </Link>
          ) : null}
        </div>
      </Form>

      <div aria-live="polite">
        {list.isPending ? (
          <Loading>Loading products…</Loading>
        ) : list.isError ? (
          <LoadFailure what="the products" error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.products.length === 0 ? (
          <EmptyList>{filtered ? 'No product matches.' : 'The catalogue has no products yet.'}</EmptyList>
        ) : (
          <div className="flex flex-col gap-6">
            <p className="text-sm text-muted">
              {list.data.total === 1 ? '1 product' : `${list.data.total} products`}
            </p>
            <DataTable
              caption={`Products ${(page - 1) * ADMIN_PRODUCT_PAGE_SIZE + 1} to ${(page - 1) * ADMIN_PRODUCT_PAGE_SIZE + list.data.products.length} of ${list.data.total}, ${SORT_LABELS[filter.sort ?? 'updated_desc'].toLowerCase()}`}
              columns={COLUMNS}
            >
              {list.data.products.map((product) => (
                <tr key={product.id} className="align-top">
                  <td className="p-3">
                    {/* The main picture's thumbnail, or the placeholder; the name beside it says what it shows. */}
                    <img
                      src={thumbnailUrl(product.mainImage)}
                      alt=""
                      width={48}
                      height={48}
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
                </tr>
              ))}
            </DataTable>
            <Pagination
              page={page}
              pageCount={Math.max(1, Math.ceil(list.data.total / ADMIN_PRODUCT_PAGE_SIZE))}
              hrefFor={(next) => hrefFor(filter, next)}
            />
          </div>
        )}
      </div>
    </section>
  );
}
