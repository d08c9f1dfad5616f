import type { StaffInvitation, StaffList, UserRole } from '@crossbuy/core/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { AUDIT_LOG_KEY } from '../../../lib/query-keys';
import { useUser } from '../../../lib/user-store';

const STAFF_KEY = ['staff'] as const;

/** `GET /admin/staff`: the operators and admins and the open invitations (admins only). */
export function useStaffList() {
  const { signedIn, profile } = useUser();
  return useQuery({
    queryKey: [...STAFF_KEY, profile?.id ?? null],
    queryFn: () => api.get<StaffList>('/admin/staff'),
    enabled: signedIn && profile?.role === 'admin',
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
  return useStaffChange((email: string) =>
    api.post<{ invitation: StaffInvitation }>('/admin/staff/invitations', { email }),
  );
}

/** `DELETE /admin/staff/invitations/{id}`: the link stops working. */
export function useRevokeStaffInvitation() {
  return useStaffChange((id: string) =>
    api.delete<null>(`/admin/staff/invitations/${encodeURIComponent(id)}`),
  );
}

/** `POST /admin/staff/{id}/role`: gives a role, or takes the staff role away with 'shopper'. */
export function useChangeStaffRole() {
  return useStaffChange(({ id, role }: { id: string; role: UserRole }) =>
    api.post<{ user: { id: string; role: UserRole } }>(`/admin/staff/${encodeURIComponent(id)}/role`, {
      role,
    }),
  );
}

/** `POST /staff_invitations/accept`: the signed-in invitee joins the staff. */
export function useAcceptStaffInvitation() {
  return useMutation({
    mutationFn: (token: string) => api.post<{ role: UserRole }>('/staff_invitations/accept', { token }),
  });
}
