import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { forgotPasswordInputSchema, resetPasswordInputSchema, type ResetPasswordResult } from '@repo/types';
import { answering } from '../../../http/errors';
import { parseInput } from '../../../http/parse';
import { requestPasswordReset, resetPassword } from '../lib/password-reset';
import { clientAddress, requestBody } from '../../../http/request';

/** Password reset by e-mailed link (public routes). */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async forgotPassword(ctx: Context) {
    const input = parseInput(forgotPasswordInputSchema, requestBody(ctx));
    await answering(ctx, async () => {
      await requestPasswordReset(strapi, input, clientAddress(ctx));
      ctx.status = 204;
    });
  },

  async resetPassword(ctx: Context) {
    const input = parseInput(resetPasswordInputSchema, requestBody(ctx));
    const body: ResetPasswordResult = await resetPassword(strapi, input, clientAddress(ctx));
    ctx.body = body;
  },
});
