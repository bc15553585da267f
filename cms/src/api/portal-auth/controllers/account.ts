import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { changePassword, deleteAccount } from '../lib/account';
import { signedInAccount, signedInUser } from '../lib/current-user';
import { nullable, optional, parseBody, requestBody, text } from '../../../http/input';
import { toSessionProfile } from '../lib/profile';
import { editProfile } from '../../portal-user/lib/edit-profile';

// Exactly what a user may change about themselves: role, agent type, e-mail and project access are not here.
const UPDATE_ME_SHAPE = { firstName: optional(text(100)), lastName: optional(nullable(text(100))), phoneNumber: optional(nullable(text(32))) };
const CHANGE_PASSWORD_SHAPE = { currentPassword: text(256), newPassword: text(256), confirmPassword: text(256) };
const DELETE_ACCOUNT_SHAPE = { password: text(256) };

/** The signed-in user's own account (spec §2 Account settings). */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async me(ctx: Context) {
    ctx.body = toSessionProfile(await signedInAccount(strapi, ctx));
  },

  async updateMe(ctx: Context) {
    const edit = parseBody(requestBody(ctx), UPDATE_ME_SHAPE);
    const user = await signedInAccount(strapi, ctx);
    ctx.body = toSessionProfile(await editProfile(strapi, user, edit, 'self'));
  },

  async changePassword(ctx: Context) {
    const user = signedInUser(ctx);
    await changePassword(strapi, ctx, user.id, parseBody(requestBody(ctx), CHANGE_PASSWORD_SHAPE));
    ctx.status = 204;
  },

  async deleteAccount(ctx: Context) {
    const user = signedInUser(ctx);
    const { password } = parseBody(requestBody(ctx), DELETE_ACCOUNT_SHAPE);
    await deleteAccount(strapi, ctx, user.id, password);
    ctx.status = 204;
  },
});
