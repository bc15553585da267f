import type { Core } from '@strapi/strapi';
import { buildBodyParserOnce } from './body';
import { answerCorsOnlyCrossOrigin } from './cors';
import { streamlineServerRouter } from './router';
import { buildSecurityHeadersOnce } from './security';

/**
 * Every patch of Strapi's and Koa's server internals, installed from here (in register()) and
 * nowhere else; each is listed in cms/PATCHES.md with the internal it relies on, its guard test and
 * its measured gain.
 */
export const installServerPatches = (strapi: Core.Strapi) => {
  buildSecurityHeadersOnce(strapi);
  buildBodyParserOnce(strapi);
  streamlineServerRouter(strapi);
  answerCorsOnlyCrossOrigin(strapi);
};
