import type { Plugin } from 'vitest/config';
import { describe, expect, it } from 'vitest';
import { system } from '../../src/lib/theme';
import viteConfig from '../../vite.config';
import { chakraGlobalStylesheet } from '../chakra-global-stylesheet';
import { chakraGlobalCss, GLOBAL_CSS_STATEMENT, NO_GLOBAL_CSS_STATEMENT } from '../global-css';

/**
 * The plugin as the production build runs it, in Node (emotion's server branch; this file runs in
 * the root's 'repo' project, with no DOM): the stylesheet it writes into index.html, and the patch of
 * Chakra's createSystem.
 */
type Hook = (this: unknown, ...args: unknown[]) => unknown;
const hook = (plugin: Plugin, name: keyof Plugin) => plugin[name] as Hook;
const context = {
  error: (message: string) => {
    throw new Error(message);
  },
};
const SYSTEM_ID = '/repo/node_modules/@chakra-ui/react/dist/esm/styled-system/system.js';

const builtPlugin = async () => {
  const plugin = chakraGlobalStylesheet({ themeModule: '/src/lib/theme.ts' });
  hook(plugin, 'config').call(context, viteConfig);
  await hook(plugin, 'buildStart').call(context);
  return plugin;
};

describe('the chakra-global-stylesheet build plugin', () => {
  it("writes the theme's global CSS into index.html, with every token's variable of every condition", async () => {
    const plugin = await builtPlugin();
    const tags = hook(plugin, 'transformIndexHtml').call(context) as { tag: string; children: string; injectTo: string }[];
    expect(tags).toHaveLength(1);
    expect(tags[0]).toMatchObject({ tag: 'style', injectTo: 'head' });
    const css = tags[0].children;
    expect(css).toBe(chakraGlobalCss(system));
    // A token whose value is blank (blurs.none is ' ') is no declaration at all, at run time as here.
    const variables = [...system.tokens.cssVarMap.values()].flatMap((variablesOf) =>
      [...variablesOf].filter(([, value]) => String(value).trim() !== '').map(([name]) => name),
    );
    expect(variables.length).toBeGreaterThan(500);
    expect(variables.filter((name) => !css.includes(`${name}:`))).toEqual([]);
  }, 30_000);

  it("empties createSystem's global CSS, and fails the build when the statement is gone or never seen", async () => {
    const plugin = await builtPlugin();
    const transform = hook(plugin, 'transform');
    expect(transform.call(context, 'const other = 1;', '/repo/src/other.js')).toBeNull();
    const patched = transform.call(context, `a();\n  ${GLOBAL_CSS_STATEMENT}\nb();`, SYSTEM_ID) as { code: string };
    expect(patched.code).toBe(`a();\n  ${NO_GLOBAL_CSS_STATEMENT}\nb();`);
    expect(() => transform.call(context, 'const _global = [getTokenCss()];', SYSTEM_ID)).toThrow(/no longer builds its global CSS/);

    // A build that never met Chakra's system.js: buildStart starts every build unpatched.
    await hook(plugin, 'buildStart').call(context);
    expect(() => hook(plugin, 'generateBundle').call(context)).toThrow(/was not in the bundle/);
  }, 30_000);
});
