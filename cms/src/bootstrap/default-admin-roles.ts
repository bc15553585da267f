import type { Core } from '@strapi/strapi';
import { asContentStaffPermissions } from './content-staff';
import { service } from '../server/services';

/** The roles Strapi's admin creates on a first start, with content-manager rights on every type and the media library. */
export const DEFAULT_ADMIN_ROLE_CODES = ['strapi-editor', 'strapi-author'] as const;

export type DefaultRoleOutcome = { code: string; outcome: 'absent' | 'removed' | 'limited to content staff' };

/**
 * Strapi's Editor and Author roles may read and write every content type that existed at the
 * first start (portal users' profiles, sale details, the unit history) and the media library, so an
 * operator assigning one would open what the Content staff role closes (issue #24). A role nobody
 * holds is removed: it cannot be assigned by mistake, and Strapi only recreates the defaults on a
 * database with no roles at all. A role someone holds keeps its holders signed in but is brought to
 * exactly the Content staff allowlist, at every start, so it never grants more than content.
 */
export const secureDefaultAdminRoles = async (strapi: Core.Strapi): Promise<DefaultRoleOutcome[]> => {
  const roles = service(strapi, 'admin::role');
  const outcomes: DefaultRoleOutcome[] = [];
  for (const code of DEFAULT_ADMIN_ROLE_CODES) {
    const role = await roles.findOne({ code });
    if (!role) {
      outcomes.push({ code, outcome: 'absent' });
    } else if ((await roles.getUsersCount(role.id)) === 0) {
      await roles.deleteByIds([role.id]);
      outcomes.push({ code, outcome: 'removed' });
    } else {
      await roles.assignPermissions(role.id, asContentStaffPermissions());
      outcomes.push({ code, outcome: 'limited to content staff' });
    }
  }
  return outcomes;
};
