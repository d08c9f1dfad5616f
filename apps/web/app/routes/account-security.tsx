import { Section } from '../components/ui/section';
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
      <Section headingId="two-factor" title="Two-factor authentication" gap={5}>
        <TfaSettings profile={profile} tfaPassed={tfaPassed} />
      </Section>
      <Section headingId="saved-cards" title="Saved cards" gap={5}>
        <SavedCards tfaPassed={tfaPassed} />
      </Section>
      <Section headingId="other-devices" title="Other devices" gap={5}>
        <SignOutElsewhere />
      </Section>
    </div>
  );
}
