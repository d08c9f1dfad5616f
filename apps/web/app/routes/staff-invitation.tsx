import { useSearchParams } from 'react-router';
import { NarrowPage } from '../components/ui/narrow-page';
import { StaffInvitationAcceptance } from '../features/staff/components/staff-invitation-acceptance';
import type { Route } from './+types/staff-invitation';

export const meta: Route.MetaFunction = () => [
  { title: 'Join the store team · Crossbuy' },
  { name: 'robots', content: 'noindex' },
  // The link carries a secret; it must not leak to other sites through the Referer header.
  { name: 'referrer', content: 'no-referrer' },
];

export default function StaffInvitationRoute() {
  const [searchParams] = useSearchParams();
  return (
    <NarrowPage title="Join the store team">
      <StaffInvitationAcceptance token={searchParams.get('token') ?? ''} />
    </NarrowPage>
  );
}
