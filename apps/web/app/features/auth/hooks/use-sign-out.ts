import { useNavigate } from 'react-router';
import { markSigningOut } from '../../../lib/user-store';
import { signOut } from '../api/auth-api';

/**
 * Signing out from a menu: the user is marked as leaving at once, so the home page loads nothing for the
 * departing account; the session ends once the router is on its way home. A signed-in page still on
 * screen then sends the shopper home too (leftByChoice), never to sign in.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    markSigningOut();
    await navigate('/');
    await signOut();
  };
}
