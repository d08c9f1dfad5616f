import { useUser } from './user-store';

/**
 * Back-office calls wait until the signed-in member of staff is known, and their answers are kept per
 * account (`staffId` goes into each query key), so a change of account never shows the last one's data.
 * `adminOnly`: calls only an admin may make (the audit log).
 */
export function useStaffQueries({ adminOnly = false }: { adminOnly?: boolean } = {}) {
  const { signedIn, profile } = useUser();
  const allowed = profile !== null && (adminOnly ? profile.role === 'admin' : profile.role !== 'shopper');
  return { enabled: signedIn && allowed, staffId: profile?.id ?? null };
}
