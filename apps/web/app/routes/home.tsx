import type { Banner, CategoryNode, HomeProductGroup, Popup } from '@crossbuy/core/catalogue';
import { messageForError } from '@crossbuy/core/errors';
import { loadCategoryTree } from '../features/catalogue/api/catalogue.server';
import { CategoryDirectory } from '../features/catalogue/components/category-directory';
import { RecentlyViewed } from '../features/catalogue/components/recently-viewed';
import { loadBanners, loadHomeProductGroups, loadPopup } from '../features/content/api/content.server';
import { BannerStrip } from '../features/content/components/banner-strip';
import { HomePopup } from '../features/content/components/home-popup';
import { HomeProductGroups } from '../features/content/components/home-product-groups';
import { HOME_HERO_ID, HomePage } from '../features/home/components/home-page';
import { pageMeta } from '../lib/page-meta';
import { publicImageUrl, publicUrl } from '../lib/public-url.server';
import { loadPreferredRegion } from '../lib/regions.server';
import type { Route } from './+types/home';

/** Each part of the home page is optional: one that fails to load is left out, never the page. */
function orNothing<T>(what: string, fallback: T) {
  return (error: unknown): T => {
    console.warn(`Loading the ${what} failed`, messageForError(error));
    return fallback;
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const caller = { context, request };
  const region = (await loadPreferredRegion(context, request)) ?? undefined;
  let categoriesError: string | null = null;
  const [banners, popup, groups, tree] = await Promise.all([
    loadBanners(caller).catch(orNothing<Banner[]>('banners', [])),
    loadPopup(caller).catch(orNothing<Popup | null>('popup', null)),
    loadHomeProductGroups(caller, region).catch(orNothing<HomeProductGroup[]>('home product groups', [])),
    loadCategoryTree(caller).catch((error: unknown): CategoryNode[] | null => {
      categoriesError = messageForError(error);
      return null;
    }),
  ]);
  return {
    banners,
    popup,
    groups,
    tree,
    categoriesError,
    url: publicUrl('/'),
    image: publicImageUrl(banners[0]?.image),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'Shop our catalogue or get a quotation from abroad',
    description:
      'Shop the Crossbuy catalogue, or paste a link from a marketplace abroad and get a quotation.',
    image: loaderData?.image,
    url: loaderData?.url,
  });

export default function HomeRoute({ loaderData }: Route.ComponentProps) {
  const { banners, popup, groups, tree, categoriesError } = loaderData;
  return (
    <HomePage>
      <BannerStrip banners={banners} />
      <HomeProductGroups groups={groups} />
      <RecentlyViewed />
      <CategoryDirectory tree={tree} error={categoriesError} />
      <HomePopup popup={popup} clearOf={HOME_HERO_ID} />
    </HomePage>
  );
}
