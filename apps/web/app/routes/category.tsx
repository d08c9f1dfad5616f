import { data } from 'react-router';
import {
  categoryTrail,
  loadCategoryTree,
  loadListing,
  readListingFilters,
} from '../features/catalogue/api/catalogue.server';
import { useCategories } from '../features/catalogue/categories-cache';
import { Breadcrumbs } from '../features/catalogue/components/breadcrumbs';
import { CategoryLinks } from '../features/catalogue/components/category-links';
import { ProductListing } from '../features/catalogue/components/product-listing';
import { pageMeta } from '../lib/page-meta';
import { publicImageUrl, publicUrl } from '../lib/public-url.server';
import { loadShopperRegion } from '../lib/regions.server';
import { orPageError } from '../lib/server-api.server';
import type { Route } from './+types/category';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const caller = { context, request };
  const [tree, region] = await Promise.all([
    orPageError(loadCategoryTree(caller)),
    loadShopperRegion(context, request),
  ]);
  const trail = categoryTrail(tree, params.categoryId);
  const category = trail.at(-1);
  if (!category) throw data(null, { status: 404 });
  // The page's own category is in its path, so a category filter in the query means nothing here.
  const filters = { ...readListingFilters(url), category: null };
  const listing = await orPageError(loadListing(caller, filters, region, { categoryId: category.id }));
  return {
    category: { id: category.id, name: category.name },
    trail: trail.slice(0, -1).map(({ id, name }) => ({ id, name })),
    tree,
    listing,
    url: publicUrl(url.pathname),
    image: publicImageUrl(listing.result.products[0]?.mainImage),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { category, listing, url } = loaderData;
  return pageMeta({
    title: category.name,
    description: `Shop ${listing.result.total} products in ${category.name} from merchants abroad, priced in your currency, at Crossbuy.`,
    image: loaderData.image,
    url,
  });
};

export default function CategoryRoute({ loaderData }: Route.ComponentProps) {
  const { category, trail, tree, listing } = loaderData;
  const categories = useCategories(tree, null);
  const current = categories.find((entry) => entry.id === category.id);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 sm:py-8">
      <Breadcrumbs trail={trail} current={category.name} />
      <h1 className="text-3xl font-bold tracking-tight">{category.name}</h1>
      <ProductListing
        action={`/category/${category.id}`}
        data={listing}
        listName={category.name}
        fixed={{ category: true }}
        emptyText={`There are no products in ${category.name} yet.`}
        aside={
          current ? (
            <CategoryLinks
              categories={categories}
              current={current}
              facets={listing.result.facets.categories}
              filters={listing.filters}
            />
          ) : null
        }
      />
    </div>
  );
}
