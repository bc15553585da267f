import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { changePassword, deleteAccount } from '../lib/account';
import { signedInAccount, signedInUser } from '../lib/current-user';
import { changePasswordInputSchema, deleteAccountInputSchema, updateMeInputSchema } from '@repo/types';
import { parseInput } from '../../../http/parse';
import { requestBody } from '../../../http/request';
import { toSessionProfile } from '../lib/profile';
import { editProfile } from '../../portal-user/lib/edit-profile';

/** The signed-in user's own account (spec §2 Account settings). */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async me(ctx: Context) {
    ctx.body = toSessionProfile(await signedInAccount(strapi, ctx));
  },

  async updateMe(ctx: Context) {
    const edit = parseInput(updateMeInputSchema, requestBody(ctx));
    const user = await signedInAccount(strapi, ctx);
    ctx.body = toSessionProfile(await editProfile(strapi, user, edit, 'self'));
  },

  async changePassword(ctx: Context) {
    const user = signedInUser(ctx);
    await changePassword(strapi, ctx, user.id, parseInput(changePasswordInputSchema, requestBody(ctx)));
    ctx.status = 204;
  },

  async deleteAccount(ctx: Context) {
    const user = signedInUser(ctx);
    const { password } = parseInput(deleteAccountInputSchema, requestBody(ctx));
    await deleteAccount(strapi, ctx, user.id, password);
    ctx.status = 204;
  },
});
