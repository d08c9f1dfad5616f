import { Link } from 'react-router';
import { sectionsFor } from '../features/staff/staff-sections';
import type { Route } from './+types/admin-dashboard';
import { useStaffProfile } from './admin-layout';

export const meta: Route.MetaFunction = () => [
  { title: 'Back office · Crossbuy' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminDashboardRoute() {
  const profile = useStaffProfile();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Back office</h1>
      <ul className="grid gap-3 sm:grid-cols-3">
        {sectionsFor(profile.role)
          .filter((section) => !section.end)
          .map(({ to, label }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex min-h-11 items-center rounded-lg border border-slate-200 px-4 font-semibold hover:bg-brand-50"
              >
                {label}
              </Link>
            </li>
          ))}
      </ul>
    </div>
  );
}
