import { StaffPage } from '../features/staff/components/staff-page';
import type { Route } from './+types/admin-staff';
import { useStaffProfile } from './admin-layout';

export const meta: Route.MetaFunction = () => [
  { title: 'Staff · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminStaffRoute() {
  return <StaffPage me={useStaffProfile()} />;
}
