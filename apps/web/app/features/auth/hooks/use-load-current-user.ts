import { useEffect } from 'react';
import { loadCurrentUser } from '../../../lib/current-user';
import { type CurrentUser, setCurrentUser } from '../../../lib/user-store';

let started = false;

/**
 * Sets the current user once per page load, however often the shell mounts: at once the one the page
 * was rendered for when the server knew, then from `GET /auth/me`, since the HTML may be older than the
 * session's state (a page restored from the browser's cache after a sign-out in another tab).
 */
export function useLoadCurrentUser(pageUser: CurrentUser | null): void {
  useEffect(() => {
    if (started) return;
    started = true;
    if (pageUser) setCurrentUser(pageUser);
    void loadCurrentUser();
  }, [pageUser]);
}
