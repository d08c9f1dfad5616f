import { SquarePicture } from '../components/ui/square-picture';
import { loadListing, loadMerchant, readListingFilters } from '../features/catalogue/api/catalogue.server';
import { ProductListing } from '../features/catalogue/components/product-listing';
import { imageUrl } from '../lib/images';
import { pageMeta } from '../lib/page-meta';
import { publicImageUrl, publicUrl } from '../lib/public-url.server';
import { loadShopperRegion } from '../lib/regions.server';
import { orPageError } from '../lib/server-api.server';
import type { Route } from './+types/merchant';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const caller = { context, request };
  const [merchant, region] = await Promise.all([
    orPageError(loadMerchant(caller, params.merchantId)),
    loadShopperRegion(context, request),
  ]);
  // The page's own merchant is in its path, so a merchant filter in the query means nothing here.
  const filters = { ...readListingFilters(url), merchant: null };
  const listing = await orPageError(loadListing(caller, filters, region, { merchantId: merchant.id }));
  return { merchant, listing, url: publicUrl(url.pathname), image: publicImageUrl(merchant.logo) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { merchant, url, image } = loaderData;
  return pageMeta({
    title: merchant.name,
    description: `${merchant.description} ${merchant.productCount} products from ${merchant.sourceMarketPlace}, at Crossbuy.`,
    image,
    url,
  });
};

export default function MerchantRoute({ loaderData }: Route.ComponentProps) {
  const { merchant, listing } = loaderData;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:py-8">
      <header className="flex items-center gap-4">
        <SquarePicture
          src={imageUrl(merchant.logo)}
          size={72}
          className="size-16 shrink-0 rounded-xl border border-line bg-white object-cover sm:size-18"
        />
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-bold tracking-tight">{merchant.name}</h1>
          <p className="text-muted">
            {merchant.description} Sells on {merchant.sourceMarketPlace}.
          </p>
        </div>
      </header>
      <ProductListing
        action={`/merchant/${merchant.id}`}
        data={listing}
        listName={merchant.name}
        fixed={{ merchant: true }}
        emptyText={`${merchant.name} has no products on sale right now.`}
      />
    </div>
  );
}
