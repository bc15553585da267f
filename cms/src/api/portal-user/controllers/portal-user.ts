import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { createUserSchema, updateUserSchema, type ManagedUser } from '@repo/types';
import { signedInUser } from '../../portal-auth/lib/current-user';
import { requestBody } from '../../../http/input';
import { parseId } from '../../../http/request';
import { parseInput } from '../../../http/parse';
import { AUTH_MESSAGES } from '../../portal-auth/lib/messages';
import { toManagedUser } from '../../portal-auth/lib/profile';
import { createUser } from '../lib/create-user';
import { deleteUserByAdmin, listUsers, updateUserByAdmin } from '../lib/manage-users';

/** The Users tab (admin only: see the routes). */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async find(ctx: Context) {
    const body: ManagedUser[] = (await listUsers(strapi)).map(toManagedUser);
    ctx.body = body;
  },

  async create(ctx: Context) {
    const input = parseInput(createUserSchema, requestBody(ctx));
    const user = await createUser(strapi, input);
    ctx.status = 201;
    ctx.body = toManagedUser(user);
  },

  async update(ctx: Context) {
    const admin = signedInUser(ctx);
    const input = parseInput(updateUserSchema, requestBody(ctx));
    ctx.body = toManagedUser(await updateUserByAdmin(strapi, admin.id, parseId(ctx.params.id, AUTH_MESSAGES.userNotFound(ctx.params.id)), input));
  },

  async delete(ctx: Context) {
    const admin = signedInUser(ctx);
    await deleteUserByAdmin(strapi, admin.id, parseId(ctx.params.id, AUTH_MESSAGES.userNotFound(ctx.params.id)));
    ctx.status = 204;
  },
});
