import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import type { TwoFactorStartResult } from '@repo/types';
import { signedInUser } from '../lib/current-user';
import { answering } from '../../../http/errors';
import { parseBody, requestBody, text } from '../../../http/input';
import { toSessionProfile } from '../lib/profile';
import { confirmSetup, disableTwoFactor, startSetup } from '../lib/two-factor';
import { clientAddress } from '../../../http/request';

const START_SHAPE = { phoneNumber: text(32) };
const CONFIRM_SHAPE = { challengeId: text(128), code: text(16) };

/** SMS two-factor setup of the signed-in user (spec §2 Account settings, §4). */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async start(ctx: Context) {
    const user = signedInUser(ctx);
    const { phoneNumber } = parseBody(requestBody(ctx), START_SHAPE);
    await answering(ctx, async () => {
      const body: TwoFactorStartResult = await startSetup(strapi, user, phoneNumber, clientAddress(ctx));
      ctx.body = body;
    });
  },

  async confirm(ctx: Context) {
    const user = signedInUser(ctx);
    const { challengeId, code } = parseBody(requestBody(ctx), CONFIRM_SHAPE);
    await answering(ctx, async () => {
      ctx.body = toSessionProfile(await confirmSetup(strapi, user, challengeId, code));
    });
  },

  async disable(ctx: Context) {
    const user = signedInUser(ctx);
    parseBody(requestBody(ctx), {});
    ctx.body = toSessionProfile(await disableTwoFactor(strapi, user));
  },
});
