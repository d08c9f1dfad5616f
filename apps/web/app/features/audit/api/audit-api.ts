import type { AuditSubjectType } from '@crossbuy/core/audit';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { AUDIT_LOG_KEY } from '../../../lib/query-keys';
import { useUser } from '../../../lib/user-store';

export type AuditEntry = {
  id: string;
  actor: { id: string | null; email: string };
  action: string;
  /** `name`: how the staff know it (an order's reference, a person's name); null when it is gone. */
  subject: { type: string; id: string; name: string | null };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
};

export type AuditPage = { entries: AuditEntry[]; page: number; limit: number; total: number };

/**
 * `subjectId`: one subject exactly, as an entry's link names it; `about`: what the operator typed, an
 * order reference, a name, an email, a code or an id, matched by the server in part and in any case.
 */
export type AuditFilter = {
  subjectType: AuditSubjectType | null;
  subjectId: string | null;
  about: string | null;
};

export const AUDIT_PAGE_SIZE = 50;

/** `GET /admin/audit_log`: the staff's changes, newest first, for admins. */
export function useAuditLog(filter: AuditFilter, page: number) {
  const { signedIn, profile } = useUser();
  return useQuery({
    queryKey: [
      ...AUDIT_LOG_KEY,
      profile?.id ?? null,
      filter.subjectType,
      filter.subjectId,
      filter.about,
      page,
    ],
    queryFn: () =>
      api.get<AuditPage>('/admin/audit_log', {
        query: {
          page,
          limit: AUDIT_PAGE_SIZE,
          ...(filter.subjectType ? { subjectType: filter.subjectType } : {}),
          ...(filter.subjectId ? { subjectId: filter.subjectId } : {}),
          ...(filter.about ? { about: filter.about } : {}),
        },
      }),
    enabled: signedIn && profile?.role === 'admin',
  });
}
