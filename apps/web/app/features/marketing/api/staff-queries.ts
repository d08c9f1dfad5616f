import { useUser } from '../../../lib/user-store';

/** Staff calls run once the signed-in staff member is known; their answers are kept per account. */
export function useStaffQueries() {
  const { signedIn, profile } = useUser();
  return {
    enabled: signedIn && profile !== null && profile.role !== 'shopper',
    profileId: profile?.id ?? null,
  };
}
