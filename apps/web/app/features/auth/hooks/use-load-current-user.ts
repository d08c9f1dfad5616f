import { useEffect } from 'react';
import { loadCurrentUser } from '../../../lib/current-user';

let started = false;

/** Loads the current user once per page load, however often the shell mounts. */
export function useLoadCurrentUser(): void {
  useEffect(() => {
    if (started) return;
    started = true;
    void loadCurrentUser();
  }, []);
}
