import { SignOutElsewhere } from '../features/auth/components/sign-out-elsewhere';
import { SavedCards } from '../features/payments/components/saved-cards';
import { TfaSettings } from '../features/tfa/components/tfa-settings';
import { useUser } from '../lib/user-store';
import type { Route } from './+types/account-security';
import { useAccountProfile } from './account-layout';

export const meta: Route.MetaFunction = () => [
  { title: 'Security · Crossbuy' },
  { name: 'robots', content: 'noindex' },
];

export default function AccountSecurityRoute() {
  const profile = useAccountProfile();
  const { tfaPassed } = useUser();
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-3xl font-bold tracking-tight">Security</h1>
      <section aria-labelledby="two-factor" className="flex flex-col gap-5">
        <h2 id="two-factor" className="text-xl font-semibold">
          Two-factor authentication
        </h2>
        <TfaSettings profile={profile} tfaPassed={tfaPassed} />
      </section>
      <section aria-labelledby="saved-cards" className="flex flex-col gap-5">
        <h2 id="saved-cards" className="text-xl font-semibold">
          Saved cards
        </h2>
        <SavedCards tfaPassed={tfaPassed} />
      </section>
      <section aria-labelledby="other-devices" className="flex flex-col gap-5">
        <h2 id="other-devices" className="text-xl font-semibold">
          Other devices
        </h2>
        <SignOutElsewhere />
      </section>
    </div>
  );
}
