import type { AuditEntry, AuditPage, AuditSubjectType } from '@crossbuy/core/audit';
import { useQuery } from '@tanstack/react-query';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { AUDIT_LOG_KEY } from '../../../lib/query-keys';
import { useStaffQueries } from '../../../lib/staff-queries';

export type { AuditEntry, AuditPage };

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
  const { enabled, staffId } = useStaffQueries({ adminOnly: true });
  return useQuery({
    queryKey: [...AUDIT_LOG_KEY, staffId, filter.subjectType, filter.subjectId, filter.about, page],
    queryFn: async () =>
      answerOf(
        await storeClient.GET('/admin/audit_log', {
          params: {
            query: {
              page,
              limit: AUDIT_PAGE_SIZE,
              ...(filter.subjectType ? { subjectType: filter.subjectType } : {}),
              ...(filter.subjectId ? { subjectId: filter.subjectId } : {}),
              ...(filter.about ? { about: filter.about } : {}),
            },
          },
        }),
      ),
    enabled,
  });
}
