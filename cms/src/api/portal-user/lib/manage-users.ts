import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { UpdateUserInput } from '@repo/types';
import { forbidden } from '../../../http/errors';
import { AUTH_MESSAGES } from '../../portal-auth/lib/messages';
import { portalRoleOf, USER_UID, type UserRow } from '../../portal-auth/lib/profile';
import { deleteUser, findUserById } from '../../portal-auth/lib/users';
import { editProfile } from './edit-profile';

/**
 * User management by admins (spec §2 Users tab, §6): every user may be listed; agents may be edited
 * and deleted; another admin may be neither (spec: "May edit only their own admin profile").
 */
export const listUsers = async (strapi: Core.Strapi) => (await strapi.db.query(USER_UID).findMany({ populate: ['role'], orderBy: { id: 'asc' } })) as UserRow[];

const existing = async (strapi: Core.Strapi, id: number) => {
  const user = await findUserById(strapi, id);
  if (!user) throw new errors.NotFoundError(AUTH_MESSAGES.userNotFound(id));
  return user;
};

export const updateUserByAdmin = async (strapi: Core.Strapi, adminId: number, id: number, input: UpdateUserInput) => {
  const user = await existing(strapi, id);
  if (user.id === adminId) {
    // Their own role, agent type and project access are not theirs to change (no self-escalation).
    if (input.agentType !== undefined || input.visibleProjects !== undefined) {
      throw new errors.ValidationError(AUTH_MESSAGES.ownProfileFields);
    }
    return editProfile(strapi, user, input, 'self');
  }
  if (portalRoleOf(user) === 'admin') throw forbidden(AUTH_MESSAGES.adminsNotEditable);
  return editProfile(strapi, user, input, 'admin');
};

export const deleteUserByAdmin = async (strapi: Core.Strapi, adminId: number, id: number) => {
  if (id === adminId) throw forbidden(AUTH_MESSAGES.cannotDeleteSelf);
  const user = await existing(strapi, id);
  if (portalRoleOf(user) === 'admin') throw forbidden(AUTH_MESSAGES.adminsNotDeletable);
  await deleteUser(strapi, user.id);
};
