import type { UserRole } from '@crossbuy/core/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { AUDIT_LOG_KEY } from '../../../lib/query-keys';
import { useStaffQueries } from '../../../lib/staff-queries';

const STAFF_KEY = ['staff'] as const;

/** `GET /admin/staff`: the operators and admins and the open invitations (admins only). */
export function useStaffList() {
  const { enabled, staffId } = useStaffQueries({ adminOnly: true });
  return useQuery({
    queryKey: [...STAFF_KEY, staffId],
    queryFn: async () => answerOf(await storeClient.GET('/admin/staff')),
    enabled,
  });
}

/** After any change to the staff, the list and the audit log are read again. */
function useStaffChange<Input, Output>(call: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: STAFF_KEY }),
        client.invalidateQueries({ queryKey: AUDIT_LOG_KEY }),
      ]),
  });
}

/** `POST /admin/staff/invitations`: mails the invitation (a new one replaces an open one). */
export function useInviteStaff() {
  return useStaffChange(async (email: string) =>
    answerOf(await storeClient.POST('/admin/staff/invitations', { body: { email } })),
  );
}

/** `DELETE /admin/staff/invitations/{id}`: the link stops working. */
export function useRevokeStaffInvitation() {
  return useStaffChange((id: string) =>
    storeClient.DELETE('/admin/staff/invitations/{id}', { params: { path: { id } } }),
  );
}

/** `POST /admin/staff/{id}/role`: gives a role, or takes the staff role away with 'shopper'. */
export function useChangeStaffRole() {
  return useStaffChange(async ({ id, role }: { id: string; role: UserRole }) =>
    answerOf(await storeClient.POST('/admin/staff/{id}/role', { params: { path: { id } }, body: { role } })),
  );
}

/** `POST /staff_invitations/accept`: the signed-in invitee joins the staff. */
export function useAcceptStaffInvitation() {
  return useMutation({
    mutationFn: async (token: string) =>
      answerOf(await storeClient.POST('/staff_invitations/accept', { body: { token } })),
  });
}
