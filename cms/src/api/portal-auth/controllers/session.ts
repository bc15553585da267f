import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import {
  emptyInputSchema,
  loginInputSchema,
  sendCodeInputSchema,
  verifyCodeInputSchema,
  type LoginResult,
  type SendCodeResult,
  type VerifyCodeResult,
} from '@repo/types';
import { clearSessionCookie, presentedToken } from '../lib/cookies';
import { answering } from '../../../http/errors';
import { parseInput } from '../../../http/parse';
import { requestBody } from '../../../http/request';
import { completeSignIn, passwordStep, sendLoginCode, verifyLoginCode } from '../lib/sign-in';
import { endSession } from '../lib/sessions';
import { clientAddress } from '../../../http/request';

/** Sign-in and sign-out (public routes: they carry their own checks and limits). */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async login(ctx: Context) {
    const input = parseInput(loginInputSchema, requestBody(ctx));
    const step = await passwordStep(strapi, input, clientAddress(ctx));
    const body: LoginResult =
      step.kind === 'signed-in'
        ? { status: 'signed-in', profile: await completeSignIn(strapi, ctx, step.user, 'password') }
        : { status: 'two-factor-required', challengeId: step.challengeId, maskedPhone: step.maskedPhone, expiresAt: step.expiresAt.toISOString() };
    ctx.body = body;
  },

  async sendCode(ctx: Context) {
    const { challengeId } = parseInput(sendCodeInputSchema, requestBody(ctx));
    await answering(ctx, async () => {
      const body: SendCodeResult = await sendLoginCode(strapi, challengeId, clientAddress(ctx));
      ctx.body = body;
    });
  },

  async verify(ctx: Context) {
    const { challengeId, code } = parseInput(verifyCodeInputSchema, requestBody(ctx));
    const user = await verifyLoginCode(strapi, challengeId, code);
    const body: VerifyCodeResult = { profile: await completeSignIn(strapi, ctx, user, 'code') };
    ctx.body = body;
  },

  /** Always succeeds: ends the presented session if it is one, and clears the cookie either way. */
  async logout(ctx: Context) {
    parseInput(emptyInputSchema, requestBody(ctx));
    const token = presentedToken(ctx);
    if (token) await endSession(strapi, token);
    clearSessionCookie(ctx);
    ctx.status = 204;
  },
});
