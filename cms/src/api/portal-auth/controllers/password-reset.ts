import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import type { ResetPasswordResult } from '@repo/types';
import { answering } from '../../../http/errors';
import { oneOf, parseBody, requestBody, text } from '../../../http/input';
import { requestPasswordReset, resetPassword } from '../lib/password-reset';
import { clientAddress } from '../../../http/request';

const FORGOT_SHAPE = { email: text(254), userType: oneOf(['admin', 'agent'] as const) };
const RESET_SHAPE = { code: text(128), password: text(256), passwordConfirmation: text(256) };

/** Password reset by e-mailed link (public routes). */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async forgotPassword(ctx: Context) {
    const input = parseBody(requestBody(ctx), FORGOT_SHAPE);
    await answering(ctx, async () => {
      await requestPasswordReset(strapi, input, clientAddress(ctx));
      ctx.status = 204;
    });
  },

  async resetPassword(ctx: Context) {
    const input = parseBody(requestBody(ctx), RESET_SHAPE);
    const body: ResetPasswordResult = await resetPassword(strapi, input, clientAddress(ctx));
    ctx.body = body;
  },
});
