import { NarrowPage } from '../components/ui/narrow-page';
import { SignInForm } from '../features/auth/components/sign-in-form';
import type { Route } from './+types/sign-in';

export const meta: Route.MetaFunction = () => [
  { title: 'Sign in · Crossbuy' },
  {
    name: 'description',
    content: 'Sign in to Crossbuy to see your wishlist, your addresses and your account.',
  },
];

export default function SignInRoute() {
  return (
    <NarrowPage title="Sign in" intro="Sign in to see your cart, quotations and orders.">
      <SignInForm />
    </NarrowPage>
  );
}
