import type { Core } from '@strapi/strapi';

/** The stored password reset codes (HMACs only; see password-reset.ts). */
export const RESET_UID = 'api::portal-auth.password-reset-code';

/**
 * Cancels every pending reset link of an account. A link is a way to set the password; once the
 * password has been set by any path (reset, change, the CMS panel), a link asked for before must
 * not set it again (issue #25, finding 6).
 */
export const cancelResetLinks = async (strapi: Core.Strapi, userId: number) => {
  await strapi.db.query(RESET_UID).deleteMany({ where: { userId } });
};
