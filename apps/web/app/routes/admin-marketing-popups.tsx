import { MarketingNav } from '../features/marketing/components/marketing-nav';
import { PopupManager } from '../features/marketing/components/popup-manager';
import type { Route } from './+types/admin-marketing-popups';

export const meta: Route.MetaFunction = () => [
  { title: 'Popups · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminMarketingPopupsRoute() {
  return (
    <>
      <MarketingNav />
      <PopupManager />
    </>
  );
}
