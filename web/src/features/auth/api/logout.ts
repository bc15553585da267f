import { AUTH_PATHS } from '@repo/types';
import { apiFetch } from '@/lib/api/api-fetch';

/** Ends the session on the server (the cookie is cleared by the response). Used by the session itself. */
export const logout = () => apiFetch<unknown>(AUTH_PATHS.logout, { method: 'POST' });
