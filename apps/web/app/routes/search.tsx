import { loadListing, readListingFilters } from '../features/catalogue/api/catalogue.server';
import { ProductListing } from '../features/catalogue/components/product-listing';
import { pageMeta } from '../lib/page-meta';
import { publicUrl } from '../lib/public-url.server';
import { loadShopperRegion } from '../lib/regions.server';
import { orPageError } from '../lib/server-api.server';
import type { Route } from './+types/search';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const region = await loadShopperRegion(context, request);
  const listing = await orPageError(loadListing({ context, request }, readListingFilters(url), region));
  return { listing, url: publicUrl(`${url.pathname}${url.search}`) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { listing, url } = loaderData;
  const { q } = listing.filters;
  const { total } = listing.result;
  return pageMeta({
    title: q ? `“${q}”: search results` : 'All products',
    description: q
      ? `${total} ${total === 1 ? 'product matches' : 'products match'} “${q}” in the Crossbuy catalogue, from merchants across Asia and beyond.`
      : 'Browse every product in the Crossbuy catalogue, from merchants across Asia and beyond.',
    url,
    // Result pages are for shoppers, not for search engines' own results.
    noindex: true,
  });
};

export default function SearchRoute({ loaderData }: Route.ComponentProps) {
  const { listing } = loaderData;
  const { q } = listing.filters;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:py-8">
      <h1 className="text-3xl font-bold tracking-tight">{q ? <>Results for “{q}”</> : 'All products'}</h1>
      <ProductListing action="/search" data={listing} listName={q ? 'Search results' : 'All products'} />
    </div>
  );
}
