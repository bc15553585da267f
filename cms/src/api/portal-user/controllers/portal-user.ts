import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { AGENT_TYPES, ROLES, type ManagedUser } from '@repo/types';
import { signedInUser } from '../../portal-auth/lib/current-user';
import { ids, nullable, oneOf, optional, parseBody, requestBody, text } from '../../../http/input';
import { parseId } from '../../../http/request';
import { AUTH_MESSAGES } from '../../portal-auth/lib/messages';
import { toManagedUser } from '../../portal-auth/lib/profile';
import { throttledAccounts } from '../../portal-auth/lib/sign-in-throttle';
import { createUser } from '../lib/create-user';
import { deleteUserByAdmin, listUsers, updateUserByAdmin } from '../lib/manage-users';

const CREATE_SHAPE = {
  email: text(254),
  password: text(256),
  confirmPassword: text(256),
  firstName: text(100),
  lastName: optional(nullable(text(100))),
  phoneNumber: optional(nullable(text(32))),
  role: oneOf(ROLES),
  agentType: optional(nullable(oneOf(AGENT_TYPES))),
  visibleProjects: optional(ids(1000)),
};
const UPDATE_SHAPE = {
  firstName: optional(text(100)),
  lastName: optional(nullable(text(100))),
  phoneNumber: optional(nullable(text(32))),
  agentType: optional(oneOf(AGENT_TYPES)),
  visibleProjects: optional(ids(1000)),
};

/** The Users tab (admin only: see the routes). */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async find(ctx: Context) {
    const users = await listUsers(strapi);
    const throttled = await throttledAccounts(strapi, users.map((user) => user.email));
    const body: ManagedUser[] = users.map((user) => toManagedUser(user, throttled(user.email)));
    ctx.body = body;
  },

  async create(ctx: Context) {
    const input = parseBody(requestBody(ctx), CREATE_SHAPE);
    const user = await createUser(strapi, input);
    ctx.status = 201;
    // Failures counted against this e-mail before the account existed slow it all the same.
    ctx.body = toManagedUser(user, (await throttledAccounts(strapi, [user.email]))(user.email));
  },

  async update(ctx: Context) {
    const admin = signedInUser(ctx);
    const input = parseBody(requestBody(ctx), UPDATE_SHAPE);
    const user = await updateUserByAdmin(strapi, admin.id, parseId(ctx.params.id, AUTH_MESSAGES.userNotFound(ctx.params.id)), input);
    ctx.body = toManagedUser(user, (await throttledAccounts(strapi, [user.email]))(user.email));
  },

  async delete(ctx: Context) {
    const admin = signedInUser(ctx);
    await deleteUserByAdmin(strapi, admin.id, parseId(ctx.params.id, AUTH_MESSAGES.userNotFound(ctx.params.id)));
    ctx.status = 204;
  },
});
