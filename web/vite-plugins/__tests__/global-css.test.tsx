import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { system } from '@/lib/theme';
import { chakraGlobalCss, GLOBAL_CSS_STATEMENT } from '../global-css';

/**
 * The production build leaves Chakra's global CSS to index.html (chakra-global-stylesheet.ts): the
 * CSS written there must be what ChakraProvider would have inserted, and the statement the build
 * patches must still be in the installed Chakra.
 */
describe("Chakra's global CSS, made at build time", () => {
  it('is, rule for rule, what ChakraProvider inserts at run time', () => {
    // The unit tests run Chakra unpatched, so the provider inserts its global CSS through emotion.
    document.head.replaceChildren();
    render(
      <ChakraProvider value={system}>
        <span />
      </ChakraProvider>,
    );
    const inserted = [...document.head.querySelectorAll('style[data-emotion]')].map((style) => style.textContent).join('');
    expect(inserted.length).toBeGreaterThan(10_000);
    expect(chakraGlobalCss(system)).toBe(inserted);
  });

  it('finds the statement the build patches in the installed Chakra, once', () => {
    const require = createRequire(import.meta.url);
    const chakra = path.dirname(require.resolve('@chakra-ui/react/package.json'));
    const source = fs.readFileSync(path.join(chakra, 'dist', 'esm', 'styled-system', 'system.js'), 'utf8');
    expect(source.split(GLOBAL_CSS_STATEMENT)).toHaveLength(2);
  });
});
