import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { createUserSchema, updateUserSchema, type ManagedUser } from '@repo/types';
import { currentViewer } from '../../../http/current-viewer';
import { parseId, requestBody } from '../../../http/request';
import { parseInput } from '../../../http/parse';
import { AUTH_MESSAGES } from '../../portal-auth/lib/messages';
import { toManagedUser } from '../../portal-auth/lib/profile';
import { throttledAccounts } from '../../portal-auth/lib/sign-in-throttle';
import { createUser } from '../lib/create-user';
import { deleteUserByAdmin, listUsers, updateUserByAdmin } from '../lib/manage-users';

/** The Users tab (admin only: see the routes). */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async find(ctx: Context) {
    const users = await listUsers(strapi);
    const throttled = await throttledAccounts(
      strapi,
      users.map((user) => user.email),
    );
    const body: ManagedUser[] = users.map((user) => toManagedUser(user, throttled(user.email)));
    ctx.body = body;
  },

  async create(ctx: Context) {
    const input = parseInput(createUserSchema, requestBody(ctx));
    const user = await createUser(strapi, input);
    ctx.status = 201;
    // Failures counted against this e-mail before the account existed slow it all the same.
    ctx.body = toManagedUser(user, (await throttledAccounts(strapi, [user.email]))(user.email));
  },

  async update(ctx: Context) {
    const admin = currentViewer(ctx);
    const input = parseInput(updateUserSchema, requestBody(ctx));
    const user = await updateUserByAdmin(strapi, admin.userId, parseId(ctx.params.id, AUTH_MESSAGES.userNotFound(ctx.params.id)), input);
    ctx.body = toManagedUser(user, (await throttledAccounts(strapi, [user.email]))(user.email));
  },

  async delete(ctx: Context) {
    const admin = currentViewer(ctx);
    await deleteUserByAdmin(strapi, admin.userId, parseId(ctx.params.id, AUTH_MESSAGES.userNotFound(ctx.params.id)));
    ctx.status = 204;
  },
});
