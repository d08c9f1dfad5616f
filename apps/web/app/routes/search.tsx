import { Link } from 'react-router';
import { loadListing, readListingFilters } from '../features/catalogue/api/catalogue.server';
import { ProductListing } from '../features/catalogue/components/product-listing';
import { listingSearch } from '../features/catalogue/listing';
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
  const q = listing.result.correctedQuery ?? listing.filters.q;
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
  const { correctedQuery } = listing.result;
  const q = correctedQuery ?? listing.filters.q;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:py-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{q ? <>Results for “{q}”</> : 'All products'}</h1>
        {correctedQuery ? <CorrectedQuery corrected={correctedQuery} typed={listing.filters.q} /> : null}
      </div>
      <ProductListing action="/search" data={listing} listName={q ? 'Search results' : 'All products'} />
    </div>
  );
}

/** Says the misspelt words were replaced, as the big stores do, and offers the words as typed. */
function CorrectedQuery({ corrected, typed }: { corrected: string; typed: string }) {
  return (
    <div className="flex flex-col gap-0.5 text-base" data-testid="corrected-query">
      <p>
        Showing results for <strong className="font-semibold">{corrected}</strong>
      </p>
      <p className="text-muted">
        Search instead for{' '}
        <Link
          to={`/search${listingSearch({ q: typed, asTyped: true })}`}
          className="font-medium text-brand-800 underline underline-offset-2"
        >
          {typed}
        </Link>
      </p>
    </div>
  );
}
