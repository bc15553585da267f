import type { Core } from '@strapi/strapi';
import { normalisePhone, STALE_USER_MESSAGE, VALIDATION_MESSAGES, type AgentType } from '@repo/types';
import { conflict, fieldError } from '../../../http/errors';
import { AUTH_MESSAGES } from '../../portal-auth/lib/messages';
import { revisionOf, USER_UID, type UserRow } from '../../portal-auth/lib/profile';
import { findUserById } from '../../portal-auth/lib/users';
import { existingProjectIds } from './project-access';

export interface ProfileEdit {
  firstName?: string;
  lastName?: string | null;
  phoneNumber?: string | null;
  agentType?: AgentType;
  /** null: none assigned, the agent type's defaults (spec §4); []: no project at all. */
  visibleProjects?: number[] | null;
  /** The revision the form was read at; a write from an older one is refused (409). */
  revision?: number;
}

/** Who makes the edit: the user on their own profile, or an admin on an agent's. */
export type Editor = 'self' | 'admin';

const trimmedOrNull = (value: string | null | undefined) => value?.trim() || null;

/**
 * A phone change. An admin's entry for an agent must be verified by SMS at the agent's next sign-in
 * (phoneVerificationPending, as on creation). On one's own profile the phone that receives the
 * two-factor codes cannot be swapped here: the two-factor setup verifies a new one first.
 */
const phoneChange = (user: UserRow, raw: string | null, editor: Editor): Partial<UserRow> => {
  const entered = trimmedOrNull(raw);
  let phone: string | null = null;
  if (entered) {
    const normalised = normalisePhone(entered);
    if (!normalised.ok) throw fieldError('phoneNumber', VALIDATION_MESSAGES.invalidPhone);
    phone = normalised.phone;
  }
  if (phone === (user.phoneNumber ?? null)) return {};
  if (editor === 'self' && user.twoFactorEnabled) throw fieldError('phoneNumber', AUTH_MESSAGES.twoFactorPhoneLocked);
  if (!phone) {
    return { phoneNumber: null, phoneVerified: false, phoneVerificationPending: false, twoFactorEnabled: false, twoFactorMethod: null };
  }
  return { phoneNumber: phone, phoneVerified: false, phoneVerificationPending: editor === 'admin' };
};

/**
 * Writes the edit only if the row is still at the revision it was read at, and moves the revision
 * on in the same statement: of two saves from the same revision the database lets exactly one
 * match, the other finds the revision moved and gets the 409.
 */
const writeAtRevision = async (strapi: Core.Strapi, user: UserRow, data: Partial<UserRow>) => {
  const read = revisionOf(user);
  // Rows from before profiles had a revision hold null, which revisionOf reads as 0.
  const atRead = read === 0 ? { $or: [{ revision: 0 }, { revision: { $null: true } }] } : { revision: read };
  const { count } = await strapi.db.query(USER_UID).updateMany({ where: { id: user.id, ...atRead }, data: { ...data, revision: read + 1 } });
  if (count === 0) throw conflict(STALE_USER_MESSAGE);
  const written = await findUserById(strapi, user.id);
  if (!written) throw conflict(STALE_USER_MESSAGE);
  return written;
};

/** Applies an edit whose fields the caller has already limited to what the editor may change. */
export const editProfile = async (strapi: Core.Strapi, user: UserRow, edit: ProfileEdit, editor: Editor) => {
  if (edit.revision !== undefined && edit.revision !== revisionOf(user)) throw conflict(STALE_USER_MESSAGE);
  const data: Partial<UserRow> = {};
  if (edit.firstName !== undefined) {
    const firstName = edit.firstName.trim();
    if (!firstName) throw fieldError('firstName', AUTH_MESSAGES.firstNameRequired);
    data.firstName = firstName;
  }
  if (edit.lastName !== undefined) data.lastName = trimmedOrNull(edit.lastName);
  if (data.firstName !== undefined || data.lastName !== undefined) {
    const first = data.firstName ?? user.firstName;
    const last = data.lastName !== undefined ? data.lastName : user.lastName;
    data.displayName = [first, last].filter(Boolean).join(' ');
  }
  if (edit.phoneNumber !== undefined) Object.assign(data, phoneChange(user, edit.phoneNumber, editor));
  if (edit.agentType !== undefined) data.agentType = edit.agentType;
  if (edit.visibleProjects !== undefined) {
    data.visibleProjects = edit.visibleProjects === null ? null : await existingProjectIds(strapi, edit.visibleProjects);
  }
  return Object.keys(data).length > 0 ? writeAtRevision(strapi, user, data) : user;
};
