import { NarrowPage } from '../components/ui/narrow-page';
import { RegisterForm } from '../features/auth/components/register-form';
import type { Route } from './+types/register';

export const meta: Route.MetaFunction = () => [{ title: 'Create an account · Crossbuy' }];

export default function RegisterRoute() {
  return (
    <NarrowPage
      title="Create an account"
      intro="Keep a wishlist and your addresses in one place with a Crossbuy account."
    >
      <RegisterForm />
    </NarrowPage>
  );
}
