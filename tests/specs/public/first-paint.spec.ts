import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * What a phone shows before the portal's scripts have run (issue #26): index.html's own spinner,
 * announced as 'Loading...', in the device's colour scheme, until React replaces it.
 */
const holdScripts = (page: Page) => page.route(/\.m?js(\?.*)?$/, (route) => route.abort());

const shell = (page: Page) => page.getByRole('status', { name: 'Loading...' });

// The theme's bg and brand.solid in each scheme (web/src/lib/theme.ts).
const SCHEMES = [
  ['light', 'rgb(255, 255, 255)', 'rgb(17, 94, 89)'],
  ['dark', 'rgb(9, 9, 11)', 'rgb(63, 174, 159)'],
] as const;

test.describe('the first paint, before the scripts run', () => {
  for (const [scheme, background, brand] of SCHEMES) {
    test(`shows a spinner announced as Loading..., in the ${scheme} scheme, with no axe-core violation`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await holdScripts(page);
      await page.goto('/agent/dashboard');
      await expect(shell(page)).toBeVisible();
      await expect(shell(page)).toHaveCSS('background-color', background);
      const spinner = shell(page).locator('.boot-spinner');
      await expect(spinner).toBeVisible();
      await expect(spinner).toHaveCSS('border-top-color', brand);
      await expect(spinner).toHaveCSS('border-bottom-color', 'rgba(0, 0, 0, 0)');
      const box = await spinner.boundingBox();
      expect(box?.width).toBeGreaterThan(20);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    });
  }

  test('draws no text: the first contentful paint stays the screen itself', async ({ page }) => {
    await holdScripts(page);
    await page.goto('/agent/login');
    await expect(shell(page)).toBeVisible();
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('paint').map((entry) => entry.name))).toContain('first-paint');
    expect(await page.evaluate(() => performance.getEntriesByType('paint').map((entry) => entry.name))).not.toContain('first-contentful-paint');
  });

  // The build writes Chakra's global CSS (reset, global styles, tokens) into index.html, and the
  // scripts insert none of it (web/vite-plugins/chakra-global-stylesheet.ts). The brand token as the
  // colour it gives an element:
  const brandColor = (page: Page) =>
    page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--chakra-colors-brand-solid)';
      document.body.append(probe);
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    });

  test("holds the theme's tokens before the scripts run", async ({ page }) => {
    await holdScripts(page);
    await page.goto('/agent/login');
    await expect(shell(page)).toBeVisible();
    expect(await brandColor(page)).toBe(SCHEMES[0][2]);
  });

  for (const [scheme, , brand] of SCHEMES) {
    test(`keeps the tokens of the ${scheme} scheme once the scripts run, which insert no global CSS of their own`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/agent/login');
      await expect(page.getByRole('heading', { name: 'Agent Login', level: 1 })).toBeVisible();
      await expect.poll(() => brandColor(page)).toBe(brand);
      const emotionRules = await page.evaluate(() =>
        Array.from(document.styleSheets)
          .filter((sheet) => sheet.ownerNode instanceof HTMLStyleElement && sheet.ownerNode.dataset.emotion !== undefined)
          .flatMap((sheet) => Array.from(sheet.cssRules, (rule) => rule.cssText)),
      );
      expect(emotionRules.length).toBeGreaterThan(0);
      expect(emotionRules.filter((rule) => rule.includes('--chakra-colors-brand-solid:'))).toEqual([]);
    });
  }

  test('gives way to the screen once the scripts run', async ({ page }) => {
    await page.goto('/agent/login');
    await expect(page.getByRole('heading', { name: 'Agent Login', level: 1 })).toBeVisible();
    await expect(page.locator('.boot')).toHaveCount(0);
  });

  test('tells a browser without JavaScript that the portal needs it', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/agent/dashboard');
      // Playwright's text queries skip <noscript>: the page's rendered text is read instead.
      await expect(page.locator('body')).toHaveText("The portal needs JavaScript: turn it on in the browser's settings and reload the page.", {
        useInnerText: true,
      });
      await expect(page.locator('.boot')).toBeHidden();
    } finally {
      await context.close();
    }
  });
});
