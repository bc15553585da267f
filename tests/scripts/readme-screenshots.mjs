#!/usr/bin/env node
// The README's screenshots, light and dark: the admin dashboard with its project covers, its Insights
// tab, a project's stacking plan and a unit's detail with its carousel, taken from a running portal
// with the demo seed (a fresh `npm start`).
//   node tests/scripts/readme-screenshots.mjs [base URL, default http://localhost:1337]
// Writes docs/screenshots/{dashboard,insights,stacking-plan,unit}-{light,dark}.png.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const baseURL = process.argv[2] ?? 'http://localhost:1337';
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'screenshots');
const ADMIN = { email: 'admin@demo.test', password: 'Admin-Demo-2026!' };

const settle = async (page) => {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => [...globalThis.document.images].every((img) => img.complete));
};

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const theme of ['light', 'dark']) {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, colorScheme: theme });
    await context.addInitScript((value) => localStorage.setItem('propertyPortal.theme', value), theme);
    const page = await context.newPage();
    await page.goto('/admin/login');
    await page.getByRole('textbox', { name: 'Email address' }).fill(ADMIN.email);
    await page.getByLabel(/^Password\*?$/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/admin\/dashboard/);
    await page.getByTestId('property-card').first().locator('img').waitFor();
    await settle(page);
    await page.screenshot({ path: path.join(out, `dashboard-${theme}.png`) });

    await page.getByRole('tab', { name: 'Insights' }).click();
    await page.locator('.recharts-surface').first().waitFor();
    await settle(page);
    await page.screenshot({ path: path.join(out, `insights-${theme}.png`) });

    const projects = (await (await page.request.get('/api/projects')).json()).data;
    const project = projects.find((candidate) => candidate.name === 'Marina Heights') ?? projects[0];
    await page.goto(`/admin/projects/${project.id}?view=stack`);
    await page.locator('[data-testid="stacking-plan"] [role="gridcell"]').first().waitFor();
    // The plan itself, from the legend down, rather than the project's header above it.
    await page.getByRole('button', { name: 'Print' }).evaluate((button) => button.scrollIntoView({ block: 'start' }));
    await settle(page);
    await page.screenshot({ path: path.join(out, `stacking-plan-${theme}.png`) });

    const units = (await (await page.request.get(`/api/projects/${project.id}/unit-images`)).json()).data;
    const unit = units.find((candidate) => candidate.images.length >= 4 && candidate.images.every((image) => image.variants?.length)) ?? units[0];
    await page.goto(`/admin/units/${unit.id}`);
    await page.locator('[aria-roledescription="carousel"] img').first().waitFor();
    await settle(page);
    await page.screenshot({ path: path.join(out, `unit-${theme}.png`) });
    await context.close();
    console.info(`Saved the ${theme} screenshots in ${out}`);
  }
} finally {
  await browser.close();
}
