import type { Core } from '@strapi/strapi';
import { USER_UID } from '../../portal-auth/lib/profile';
import { announce } from './changes';

interface UserEvent {
  params?: { where?: Record<string, unknown> };
  result?: { id?: number } | null;
}

/** The one user id an updateMany was limited to (the profile edit's conditional UPDATE), if any. */
const oneUserId = (where: Record<string, unknown> | undefined) => {
  const id = where?.id;
  return typeof id === 'number' ? id : null;
};

/**
 * A user's profile decides what their streams show (role, region, visible projects, block): any
 * change of a user row, by whatever path (the Users tab, the user's own account, the CMS panel), or
 * the user's deletion, has their streams checked again, after the commit.
 */
export const announceLiveChanges = (strapi: Core.Strapi) => {
  strapi.db.lifecycles.subscribe({
    models: [USER_UID],
    async afterUpdate(event: UserEvent) {
      const id = event.result?.id;
      if (id) await announce(strapi, { kind: 'user', userId: id });
    },
    async afterUpdateMany(event: UserEvent) {
      const id = oneUserId(event.params?.where);
      if (id) await announce(strapi, { kind: 'user', userId: id });
    },
    async afterDelete(event: UserEvent) {
      const id = event.result?.id;
      if (id) await announce(strapi, { kind: 'user', userId: id });
    },
  });
};
