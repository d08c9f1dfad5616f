import { useSearchParams } from 'react-router';
import { RequireSignedIn } from '../features/auth/components/require-signed-in';
import { CheckoutView } from '../features/checkout/components/checkout-view';
import type { Route } from './+types/checkout';

export const meta: Route.MetaFunction = () => [
  { title: 'Checkout · Crossbuy' },
  { name: 'robots', content: 'noindex' },
];

export default function CheckoutRoute() {
  const [searchParams] = useSearchParams();
  return (
    <RequireSignedIn>
      {(profile) => <CheckoutView sessionKey={searchParams.get('session') ?? ''} profile={profile} />}
    </RequireSignedIn>
  );
}
