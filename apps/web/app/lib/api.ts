import { createApiClient } from './api-client';
import { resetUserState } from './user-store';

/** The browser's client for our API; loaders on the server use server-api.server.ts instead. */
export const api = createApiClient({ onSignedOut: () => resetUserState() });
