import { WishlistPage } from '../features/wishlist/components/wishlist-page';
import type { Route } from './+types/wishlist';

export const meta: Route.MetaFunction = () => [
  { title: 'Your wishlist · Crossbuy' },
  { name: 'robots', content: 'noindex' },
];

export default function WishlistRoute() {
  return <WishlistPage />;
}
