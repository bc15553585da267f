import path from 'node:path';
import { mergeConfig, type UserConfig } from 'vite';

/**
 * The panel's bundle (Strapi's documented extension point for its Vite build): the shared rules are
 * read as source, as the portal's bundle reads them (web/vite.config.ts); the package's compiled
 * CommonJS is the server's.
 */
export default (config: UserConfig) =>
  mergeConfig(config, {
    resolve: { alias: { '@repo/types': path.resolve(__dirname, '../../../types/src/index.ts') } },
  });
