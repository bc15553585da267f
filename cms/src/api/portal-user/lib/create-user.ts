import type { Core } from '@strapi/strapi';
import { normalisePhone, VALIDATION_MESSAGES, type CreateUserInput } from '@repo/types';
import { fieldError } from '../../../http/errors';
import { AUTH_MESSAGES } from '../../portal-auth/lib/messages';
import { USER_UID } from '../../portal-auth/lib/profile';
import { addUser, findUserById, normaliseEmail } from '../../portal-auth/lib/users';
import { existingProjectIds } from './project-access';

const ROLE_UID = 'plugin::users-permissions.role';

const roleIdOf = async (strapi: Core.Strapi, type: string) => {
  const role = (await strapi.db.query(ROLE_UID).findOne({ where: { type } })) as { id: number } | null;
  if (!role) throw new Error(`The '${type}' role is missing: bootstrap creates it, so the database was changed by hand`);
  return role.id;
};

const optionalPhone = (raw: string | null | undefined) => {
  const entered = raw?.trim();
  if (!entered) return null;
  const phone = normalisePhone(entered);
  if (!phone.ok) throw fieldError('phoneNumber', VALIDATION_MESSAGES.invalidPhone);
  return phone.phone;
};

/**
 * The Create New User form on the server (spec §2, §5), on input the contract's createUserSchema has
 * read (parseInput): its checks, validateCreateUser's with the spec's messages each on its field, have
 * passed. Only agents get an agent type and project access; a phone entered here is verified by SMS
 * at the user's first sign-in.
 */
export const createUser = async (strapi: Core.Strapi, input: CreateUserInput) => {
  const email = normaliseEmail(input.email);
  const phoneNumber = optionalPhone(input.phoneNumber);
  const taken = await strapi.db.query(USER_UID).count({ where: { $or: [{ email }, { username: email }] } });
  if (taken > 0) throw fieldError('email', AUTH_MESSAGES.emailTaken);

  const isAgent = input.role === 'agent';
  const agentType = isAgent ? (input.agentType ?? null) : null;
  // Absent or null: none assigned, so the agent type's defaults apply and follow new projects
  // (spec §4); a list, even an empty one, is the admin's choice.
  const visibleProjects = isAgent && input.visibleProjects ? await existingProjectIds(strapi, input.visibleProjects) : null;
  const firstName = input.firstName.trim();
  const lastName = input.lastName?.trim() || null;
  const created = await addUser(strapi, {
    username: email,
    email,
    provider: 'local',
    password: input.password,
    confirmed: true,
    blocked: false,
    role: await roleIdOf(strapi, input.role),
    firstName,
    lastName,
    displayName: [firstName, lastName].filter(Boolean).join(' '),
    phoneNumber,
    phoneVerified: false,
    phoneVerificationPending: phoneNumber !== null,
    twoFactorEnabled: false,
    agentType,
    visibleProjects,
  });
  const user = await findUserById(strapi, created.id);
  if (!user) throw new Error(`User ${email} vanished right after it was created`);
  return user;
};
