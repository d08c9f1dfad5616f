import { useSearchParams } from 'react-router';
import { Alert } from '../components/ui/alert';
import { pageFromSearch } from '../components/ui/pagination';
import { AuditLog, isAuditSubjectType } from '../features/audit/components/audit-log';
import { RequireSignedIn } from '../features/auth/components/require-signed-in';
import type { Route } from './+types/admin-audit-log';

export const meta: Route.MetaFunction = () => [
  { title: 'Audit log · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminAuditLogRoute() {
  const [searchParams] = useSearchParams();
  const subjectType = searchParams.get('subjectType');
  const subjectId = searchParams.get('subjectId')?.trim() || null;
  return (
    <RequireSignedIn>
      {(profile) =>
        profile.role === 'admin' ? (
          <AuditLog
            filter={{ subjectType: isAuditSubjectType(subjectType) ? subjectType : null, subjectId }}
            page={pageFromSearch(searchParams.get('page'))}
          />
        ) : (
          <div className="mx-auto max-w-md px-4 py-10">
            <Alert>This page is for the store's admins.</Alert>
          </div>
        )
      }
    </RequireSignedIn>
  );
}
