import { Link } from 'react-router';
import { Alert } from '../components/ui/alert';
import { textLinkClasses } from '../components/ui/button';
import { Section } from '../components/ui/section';
import { ChangePasswordForm } from '../features/auth/components/change-password-form';
import { ProfileForm } from '../features/users/components/profile-form';
import type { Route } from './+types/account';
import { useAccountProfile } from './account-layout';

export const meta: Route.MetaFunction = () => [
  { title: 'Your profile · Crossbuy' },
  { name: 'robots', content: 'noindex' },
];

export default function AccountRoute() {
  const profile = useAccountProfile();
  return (
    <div className="flex flex-col gap-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Your profile</h1>
        <p className="text-muted break-all">
          Signed in as <strong className="text-ink">{profile.email}</strong>
          {profile.emailVerified ? ' (verified)' : null}
        </p>
      </header>
      {profile.emailVerified ? null : (
        <Alert tone="info">
          Your email address is not verified yet.{' '}
          <Link to="/verify_email" className={textLinkClasses}>
            Verify it now
          </Link>
        </Alert>
      )}
      {profile.tfaEnabled || profile.tfaSetupSkipped ? null : (
        <Alert tone="info">
          Protect your account with two-factor authentication.{' '}
          <Link to="/account/security" className={textLinkClasses}>
            Set it up
          </Link>
        </Alert>
      )}
      <Section headingId="profile-details" title="Details" gap={5}>
        <ProfileForm profile={profile} />
      </Section>
      <Section headingId="change-password" title="Change password" gap={5}>
        <ChangePasswordForm />
      </Section>
    </div>
  );
}
