import { createServer } from 'vite';
// The Plugin type as vite.config.ts's defineConfig (vitest/config) knows it: web has a Vite of its own too.
import type { Plugin, UserConfig } from 'vitest/config';
import { chakraGlobalCss, GLOBAL_CSS_STATEMENT, NO_GLOBAL_CSS_STATEMENT, type ChakraSystemCss } from './global-css';

/**
 * Chakra's global CSS made at build time and written into index.html, instead of in the browser at
 * every first visit (issue #26: Lighthouse's mobile preset on the agent pages).
 *
 * `createSystem` builds that CSS as objects when the theme module loads, and `ChakraProvider`
 * serialises and hashes it through emotion at the first render: on Lighthouse's phone (4x CPU) about
 * 170 ms of the page's main thread before anything is drawn. Chakra has no public switch to leave it
 * to a stylesheet, so this patches an internal (listed in cms/PATCHES.md, with the parts of that
 * time): the build replaces the one statement of `createSystem` that builds `_global` with an empty
 * list, so the provider inserts nothing for it, and index.html carries the same CSS, made from the
 * same theme by the unpatched Chakra in Node and serialised as the provider would (global-css.ts).
 * The build fails when the statement is not found, as after a Chakra upgrade that moves it.
 *
 * Inline rather than linked: a stylesheet of its own blocks the first paint on one more request
 * (Lighthouse's mobile FCP about 100 ms later, measured), for about 6 kB of brotli in the page.
 * Only the production build is patched; the dev server and the unit tests run Chakra as it is.
 */

const SYSTEM_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;

/** Loads `themeModule` (a path from the Vite root) in Node, with the config's aliases and no plugin, and returns its `system`. */
const loadSystem = async (config: UserConfig, themeModule: string): Promise<ChakraSystemCss> => {
  const server = await createServer({
    configFile: false,
    root: config.root,
    resolve: { alias: config.resolve?.alias },
    logLevel: 'error',
    appType: 'custom',
    // No file watcher, no hot-update socket: the server only loads one module, then closes.
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const loaded = (await server.ssrLoadModule(themeModule)) as { system?: ChakraSystemCss };
    if (!loaded.system) throw new Error(`${themeModule} exports no 'system'`);
    return loaded.system;
  } finally {
    await server.close();
  }
};

export const chakraGlobalStylesheet = ({ themeModule }: { themeModule: string }): Plugin => {
  let userConfig: UserConfig = {};
  let css = '';
  let patched = false;
  return {
    name: 'chakra-global-stylesheet',
    apply: 'build',
    config: (config) => {
      userConfig = config;
    },
    buildStart: async () => {
      patched = false;
      css = chakraGlobalCss(await loadSystem(userConfig, themeModule));
    },
    transform(code, id) {
      if (!SYSTEM_MODULE.test(id)) return null;
      if (!code.includes(GLOBAL_CSS_STATEMENT)) {
        this.error(`Chakra's createSystem no longer builds its global CSS as '${GLOBAL_CSS_STATEMENT}': update web/vite-plugins/global-css.ts`);
      }
      patched = true;
      return { code: code.replace(GLOBAL_CSS_STATEMENT, NO_GLOBAL_CSS_STATEMENT), map: null };
    },
    generateBundle() {
      // Without the patch the page would carry the CSS twice, once in index.html and once from emotion.
      if (!patched) this.error("Chakra's styled-system/system.js was not in the bundle to patch");
    },
    transformIndexHtml: () => [{ tag: 'style', attrs: { 'data-chakra-global': '' }, children: css, injectTo: 'head' }],
  };
};
