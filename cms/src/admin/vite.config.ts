import path from 'node:path';
import type { AliasOptions, UserConfig } from 'vite';

/**
 * The panel's bundle (Strapi's documented extension point for its Vite build): the shared rules are
 * read as source, as the portal's bundle reads them (web/vite.config.ts); the package's compiled
 * CommonJS is the server's. Spread, not vite's mergeConfig: Strapi require()s this file, and the vite
 * the workspace hoists is ESM only (and not the one Strapi builds with); only its types are imported.
 */
const SHARED_RULES = { find: '@repo/types', replacement: path.resolve(__dirname, '../../../types/src/index.ts') };

const withSharedRules = (alias: AliasOptions | undefined): AliasOptions =>
  Array.isArray(alias) ? [...alias, SHARED_RULES] : { ...(alias as Record<string, string> | undefined), [SHARED_RULES.find]: SHARED_RULES.replacement };

export default (config: UserConfig): UserConfig => ({ ...config, resolve: { ...config.resolve, alias: withSharedRules(config.resolve?.alias) } });
