import { SignInForm } from '../features/auth/components/sign-in-form';
import type { Route } from './+types/sign-in';

export const meta: Route.MetaFunction = () => [{ title: 'Sign in · Crossbuy' }];

export default function SignInRoute() {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight">Sign in</h1>
      <p className="mt-2 text-muted">Sign in to see your cart, quotations and orders.</p>
      <SignInForm className="mt-8" />
    </section>
  );
}
