import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { emptyInputSchema, twoFactorConfirmInputSchema, twoFactorStartInputSchema, type TwoFactorStartResult } from '@repo/types';
import { signedInUser } from '../lib/current-user';
import { answering } from '../../../http/errors';
import { parseInput } from '../../../http/parse';
import { requestBody } from '../../../http/request';
import { toSessionProfile } from '../lib/profile';
import { confirmSetup, disableTwoFactor, startSetup } from '../lib/two-factor';
import { clientAddress } from '../../../http/request';

/** SMS two-factor setup of the signed-in user (spec §2 Account settings, §4). */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async start(ctx: Context) {
    const user = signedInUser(ctx);
    const { phoneNumber } = parseInput(twoFactorStartInputSchema, requestBody(ctx));
    await answering(ctx, async () => {
      const body: TwoFactorStartResult = await startSetup(strapi, user, phoneNumber, clientAddress(ctx));
      ctx.body = body;
    });
  },

  async confirm(ctx: Context) {
    const user = signedInUser(ctx);
    const { challengeId, code } = parseInput(twoFactorConfirmInputSchema, requestBody(ctx));
    await answering(ctx, async () => {
      ctx.body = toSessionProfile(await confirmSetup(strapi, user, challengeId, code));
    });
  },

  async disable(ctx: Context) {
    const user = signedInUser(ctx);
    parseInput(emptyInputSchema, requestBody(ctx));
    ctx.body = toSessionProfile(await disableTwoFactor(strapi, user));
  },
});
