import type { Core } from '@strapi/strapi';
import { USER_UID } from '../api/portal-auth/lib/profile';
import { cancelResetLinks } from '../api/portal-auth/lib/reset-codes';
import { endUserSessions } from '../api/portal-auth/lib/sessions';

interface UserEvent {
  params?: { data?: Record<string, unknown> };
  result?: { id?: number } | null;
}

/**
 * Ends a user's sessions whenever their password changes, they are blocked or deleted, by whatever
 * path: the portal's own routes do it explicitly, and this also covers content staff editing users
 * in the CMS panel (ASVS 7.4.2, 7.4.5). A new password also cancels the reset links asked for
 * before it (issue #25, finding 6).
 */
export const revokeSessionsOnUserChanges = (strapi: Core.Strapi) => {
  strapi.db.lifecycles.subscribe({
    models: [USER_UID],
    async afterUpdate(event: UserEvent) {
      const data = event.params?.data ?? {};
      const id = event.result?.id;
      if (id && (data.password !== undefined || data.blocked === true)) await endUserSessions(strapi, id);
      if (id && data.password !== undefined) await cancelResetLinks(strapi, id);
    },
    async afterDelete(event: UserEvent) {
      const id = event.result?.id;
      if (id) await endUserSessions(strapi, id);
    },
  });
};
