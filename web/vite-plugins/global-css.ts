import createCache from '@emotion/cache';
import { serializeStyles } from '@emotion/serialize';

/**
 * The statement of Chakra's `createSystem` (styled-system/system.js, Chakra 3.37) that builds the
 * global CSS, its reset, the theme's global styles and every token as a CSS variable, as objects
 * when the theme module loads; `ChakraProvider` then serialises them through emotion at the first
 * render. chakra-global-stylesheet.ts replaces it in the production build.
 */
export const GLOBAL_CSS_STATEMENT = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
export const NO_GLOBAL_CSS_STATEMENT = 'const _global = [];';

/** What of a Chakra system its global CSS is made from: the cascade layers' order and the global styles. */
export interface ChakraSystemCss {
  layers: { atRule: string };
  _global: unknown[];
  _config: { disableLayers?: boolean };
}

/**
 * The CSS `ChakraProvider` inserts for `system`: its two `Global`s (the cascade layers' order, then
 * the global styles), each serialised as emotion's `Global` does (`serializeStyles`, then stylis with
 * emotion's default plugins, vendor prefixes included). The rules are collected from the sheet the
 * cache writes to in a browser, or taken from what it returns on a server.
 */
export const chakraGlobalCss = (system: ChakraSystemCss) => {
  const cache = createCache({ key: 'css' });
  const rules = (styles: unknown) => {
    const written: string[] = [];
    const sheet = { ...cache.sheet, insert: (rule: string) => void written.push(rule) };
    const returned = cache.insert('', serializeStyles([styles as never]), sheet as typeof cache.sheet, false);
    return (returned ?? '') + written.join('');
  };
  return (system._config.disableLayers ? '' : rules(system.layers.atRule)) + rules(system._global);
};
