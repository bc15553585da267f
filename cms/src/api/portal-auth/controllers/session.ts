import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import type { LoginResult, SendCodeResult, VerifyCodeResult } from '@repo/types';
import { clearSessionCookie, presentedToken } from '../lib/cookies';
import { answering } from '../../../http/errors';
import { oneOf, parseBody, requestBody, text } from '../../../http/input';
import { completeSignIn, passwordStep, sendLoginCode, verifyLoginCode } from '../lib/sign-in';
import { endSession } from '../lib/sessions';
import { clientAddress } from '../../../http/request';

// Bounded well above any real value, so nothing huge reaches bcrypt or the database.
const LOGIN_SHAPE = { email: text(254), password: text(256), userType: oneOf(['admin', 'agent'] as const) };
const CHALLENGE_SHAPE = { challengeId: text(128) };
const VERIFY_SHAPE = { challengeId: text(128), code: text(16) };

/** Sign-in and sign-out (public routes: they carry their own checks and limits). */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async login(ctx: Context) {
    const input = parseBody(requestBody(ctx), LOGIN_SHAPE);
    const step = await passwordStep(strapi, input, clientAddress(ctx));
    const body: LoginResult =
      step.kind === 'signed-in'
        ? { status: 'signed-in', profile: await completeSignIn(strapi, ctx, step.user, 'password') }
        : { status: 'two-factor-required', challengeId: step.challengeId, maskedPhone: step.maskedPhone, expiresAt: step.expiresAt.toISOString() };
    ctx.body = body;
  },

  async sendCode(ctx: Context) {
    const { challengeId } = parseBody(requestBody(ctx), CHALLENGE_SHAPE);
    await answering(ctx, async () => {
      const body: SendCodeResult = await sendLoginCode(strapi, challengeId, clientAddress(ctx));
      ctx.body = body;
    });
  },

  async verify(ctx: Context) {
    const { challengeId, code } = parseBody(requestBody(ctx), VERIFY_SHAPE);
    const user = await verifyLoginCode(strapi, challengeId, code);
    const body: VerifyCodeResult = { profile: await completeSignIn(strapi, ctx, user, 'code') };
    ctx.body = body;
  },

  /** Always succeeds: ends the presented session if it is one, and clears the cookie either way. */
  async logout(ctx: Context) {
    parseBody(requestBody(ctx), {});
    const token = presentedToken(ctx);
    if (token) await endSession(strapi, token);
    clearSessionCookie(ctx);
    ctx.status = 204;
  },
});
