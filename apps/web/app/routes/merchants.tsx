import { Link } from 'react-router';
import { Pagination } from '../components/ui/pagination';
import { SquarePicture } from '../components/ui/square-picture';
import { loadMerchants, readPage } from '../features/catalogue/api/catalogue.server';
import { imageUrl } from '../lib/images';
import { pageMeta } from '../lib/page-meta';
import { publicUrl } from '../lib/public-url.server';
import { orPageError } from '../lib/server-api.server';
import type { Route } from './+types/merchants';

// The API's bound on merchant pages.
const MAX_MERCHANT_PAGE = 1000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const merchants = await orPageError(loadMerchants({ context, request }, readPage(url, MAX_MERCHANT_PAGE)));
  return { merchants, url: publicUrl(url.pathname) };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'Merchants',
    description: 'The shops abroad whose products Crossbuy sells, from Tokyo to Seoul to New York.',
    url: loaderData?.url,
  });

export default function MerchantsRoute({ loaderData }: Route.ComponentProps) {
  const { merchants, total, page, limit } = loaderData.merchants;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:py-8">
      <h1 className="text-3xl font-bold tracking-tight">Merchants</h1>
      {merchants.length === 0 ? (
        <p className="text-muted">There are no merchants yet.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {merchants.map((merchant) => (
            <li key={merchant.id}>
              <Link
                to={`/merchant/${merchant.id}`}
                className="flex h-full items-start gap-3 rounded-xl border border-line bg-white p-4 hover:border-brand-700"
              >
                <SquarePicture
                  src={imageUrl(merchant.logo)}
                  size={56}
                  loading="lazy"
                  className="size-14 shrink-0 rounded-lg object-cover"
                />
                <span className="flex flex-col gap-1">
                  <span className="font-semibold text-brand-900">{merchant.name}</span>
                  <span className="text-sm text-muted">{merchant.description}</span>
                  <span className="text-xs text-muted">
                    {merchant.productCount} products · {merchant.sourceMarketPlace}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pageCount={Math.ceil(total / limit)}
        hrefFor={(target) => (target > 1 ? `/merchants?page=${target}` : '/merchants')}
      />
    </div>
  );
}
