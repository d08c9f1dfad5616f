import { useSearchParams } from 'react-router';
import { NarrowPage } from '../components/ui/narrow-page';
import { RequireSignedIn } from '../features/auth/components/require-signed-in';
import { TfaReset } from '../features/tfa/components/tfa-reset';
import type { Route } from './+types/tfa-reset';

export const meta: Route.MetaFunction = () => [
  { title: 'Turn off two-factor authentication · Crossbuy' },
  { name: 'robots', content: 'noindex' },
  // The link carries a secret; it must not leak to other sites through the Referer header.
  { name: 'referrer', content: 'no-referrer' },
];

// The way back in for a shopper who lost their authenticator, so it cannot demand a code first.
export default function TfaResetRoute() {
  const [searchParams] = useSearchParams();
  return (
    <NarrowPage title="Turn off two-factor authentication">
      <RequireSignedIn twoFactor={false}>
        {(profile) => <TfaReset profile={profile} token={searchParams.get('token') ?? ''} />}
      </RequireSignedIn>
    </NarrowPage>
  );
}
