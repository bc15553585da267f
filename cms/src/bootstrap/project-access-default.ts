import type { Core } from '@strapi/strapi';
import { USER_UID } from '../api/portal-auth/lib/profile';

const STORE = { type: 'plugin', name: 'portal' } as const;
const DONE_KEY = 'visibleProjectsNullIsDefault';

/**
 * Once per database: before issue #25, an empty visibleProjects list meant "none assigned, use the
 * agent type's defaults"; now that is null, and [] means "no project at all". Rows written under
 * the old reading are turned into null once, so no agent loses their region on upgrade; after that
 * an admin's [] is kept as written. Users are few (hundreds), so this reads them all.
 */
export const migrateEmptyProjectAccess = async (strapi: Core.Strapi) => {
  const store = strapi.store(STORE);
  if (await store.get({ key: DONE_KEY })) return;
  const users = (await strapi.db.query(USER_UID).findMany({ select: ['id', 'visibleProjects'] })) as { id: number; visibleProjects: unknown }[];
  const empty = users.filter((user) => Array.isArray(user.visibleProjects) && user.visibleProjects.length === 0).map((user) => user.id);
  if (empty.length > 0) await strapi.db.query(USER_UID).updateMany({ where: { id: { $in: empty } }, data: { visibleProjects: null } });
  await store.set({ key: DONE_KEY, value: true });
};
