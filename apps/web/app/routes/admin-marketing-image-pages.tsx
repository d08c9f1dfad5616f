import { ImagePageManager } from '../features/marketing/components/image-page-manager';
import { MarketingNav } from '../features/marketing/components/marketing-nav';
import type { Route } from './+types/admin-marketing-image-pages';

export const meta: Route.MetaFunction = () => [
  { title: 'Image pages · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminMarketingImagePagesRoute() {
  return (
    <>
      <MarketingNav />
      <ImagePageManager />
    </>
  );
}
