import { useSearchParams } from 'react-router';
import { NarrowPage } from '../components/ui/narrow-page';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = () => [
  { title: 'Choose a new password · Crossbuy' },
  { name: 'robots', content: 'noindex' },
  // The link carries a secret; it must not leak to other sites through the Referer header.
  { name: 'referrer', content: 'no-referrer' },
];

export default function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  return (
    <NarrowPage title="Choose a new password">
      <ResetPasswordForm uid={searchParams.get('uid') ?? ''} token={searchParams.get('token') ?? ''} />
    </NarrowPage>
  );
}
