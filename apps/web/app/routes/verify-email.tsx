import { NarrowPage } from '../components/ui/narrow-page';
import { RequireSignedIn } from '../features/auth/components/require-signed-in';
import { VerifyEmailForm } from '../features/auth/components/verify-email-form';
import type { Route } from './+types/verify-email';

export const meta: Route.MetaFunction = () => [
  { title: 'Verify your email · Crossbuy' },
  { name: 'robots', content: 'noindex' },
];

export default function VerifyEmailRoute() {
  return (
    <NarrowPage title="Verify your email">
      <RequireSignedIn twoFactor={false}>
        {(profile) => <VerifyEmailForm profile={profile} />}
      </RequireSignedIn>
    </NarrowPage>
  );
}
