import { useSearchParams } from 'react-router';
import { CartView } from '../features/cart/components/cart-view';
import { useAppConfig } from '../lib/app-config';
import { useShopperRegions } from '../lib/region-store';
import type { Route } from './+types/cart';

export const meta: Route.MetaFunction = () => [
  { title: 'Your cart · Crossbuy' },
  { name: 'robots', content: 'noindex' },
];

export default function CartRoute() {
  const [searchParams] = useSearchParams();
  const { app_currency } = useAppConfig();
  const { current } = useShopperRegions();
  return (
    <CartView currency={current?.currency ?? app_currency} highlightedItemId={searchParams.get('itemId')} />
  );
}
