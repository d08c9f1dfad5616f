import { useSearchParams } from 'react-router';
import { pageFromSearch } from '../components/ui/pagination';
import { AuditLog, isAuditSubjectType } from '../features/audit/components/audit-log';
import type { Route } from './+types/admin-audit-log';

export const meta: Route.MetaFunction = () => [
  { title: 'Audit log · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminAuditLogRoute() {
  const [searchParams] = useSearchParams();
  const subjectType = searchParams.get('subjectType');
  const subjectId = searchParams.get('subjectId')?.trim() || null;
  const about = searchParams.get('about')?.trim() || null;
  return (
    <AuditLog
      filter={{ subjectType: isAuditSubjectType(subjectType) ? subjectType : null, subjectId, about }}
      page={pageFromSearch(searchParams.get('page'))}
    />
  );
}
