import { DEMO, expect, test } from '../../fixtures/accounts';
import { DashboardPage } from '../../pages/dashboard-page';
import { LoginPage } from '../../pages/login-page';

/** Issue #28 item 7: the admins' Insights tab draws its charts, with a table behind each; agents have no such tab. */
const CHARTS = ['Sell-through by project', 'Status mix by project', 'Sold and reserved per week', 'Average price per sqft'];

test.describe('insights', () => {
  test('the Insights tab renders its charts, their tables for screen readers, and a CSV of each', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto('admin');
    await login.signIn(DEMO.admin.email, DEMO.admin.password);
    const dashboard = new DashboardPage(page);
    await expect(dashboard.tab('Insights')).toBeVisible();
    await dashboard.openTab('Insights');

    for (const title of CHARTS) {
      const card = page.getByRole('region', { name: title });
      await expect(card.getByRole('heading', { name: title })).toBeVisible();
      // The drawing: an SVG with bars (the seed has sales in most of the twelve weeks).
      await expect(card.getByTestId('insights-chart').locator('svg.recharts-surface').first()).toBeVisible();
      await expect(card.locator('.recharts-bar-rectangle').first()).toBeVisible();
      // The fallback: a table in the accessibility tree, visually hidden until asked for.
      const table = card.getByRole('table', { name: title });
      await expect(table).toBeAttached();
      await expect(table.getByRole('row').nth(1)).toBeAttached();
    }

    // The sell-through table holds every demo project with its percentage.
    const sellThrough = page.getByRole('table', { name: 'Sell-through by project' });
    await expect(sellThrough.getByRole('rowheader', { name: 'Marina Heights' })).toBeAttached();
    await expect(
      sellThrough
        .getByRole('row', { name: /Marina Heights/ })
        .getByRole('cell')
        .last(),
    ).toHaveText(/^\d{1,3}\.\d%$/);

    // 'Show table' puts the table on screen in place of the drawing.
    const weekly = page.getByRole('region', { name: 'Sold and reserved per week' });
    await weekly.getByRole('button', { name: 'Show table' }).click();
    await expect(weekly.getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true');
    const weeklyTable = weekly.getByRole('table', { name: 'Sold and reserved per week' });
    await expect(weeklyTable).toBeVisible();
    await expect(weekly.getByTestId('insights-chart')).toBeHidden();
    await expect(weeklyTable.getByRole('columnheader')).toHaveText(['Week', 'Region', 'Sold', 'Reserved']);
    // Twelve weeks for each of Dubai, Doha and Other (Muscat Hills Estate is in neither market).
    await expect(weeklyTable.getByRole('row')).toHaveCount(1 + 12 * 3);

    // The CSV holds the same rows, with the labels as its header.
    const [download] = await Promise.all([page.waitForEvent('download'), weekly.getByRole('button', { name: /Download CSV/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^insights_weekly-sales_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Week,Region,Sold,Reserved');
    expect(lines).toHaveLength(1 + 12 * 3);

    // Filters: Doha only.
    await page.getByRole('combobox', { name: 'Region' }).selectOption('doha');
    await expect(weeklyTable.getByRole('row')).toHaveCount(1 + 12);
    await expect(weeklyTable.getByRole('cell', { name: 'Dubai', exact: true })).toHaveCount(0);
    const prices = page.getByRole('table', { name: 'Average price per sqft' });
    await expect(prices.getByRole('cell', { name: 'AED', exact: true })).toHaveCount(0);
    await expect(prices.getByRole('cell', { name: 'QAR', exact: true }).first()).toBeAttached();
  });

  test('works on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const login = new LoginPage(page);
    await login.goto('admin');
    await login.signIn(DEMO.admin.email, DEMO.admin.password);
    const dashboard = new DashboardPage(page);
    await dashboard.tab('Insights').scrollIntoViewIfNeeded();
    await dashboard.openTab('Insights');
    const card = page.getByRole('region', { name: 'Sell-through by project' });
    await expect(card.locator('svg.recharts-surface')).toBeVisible();
    const box = await card.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  for (const who of ['dubai', 'doha', 'super'] as const) {
    test(`a ${who} agent has no Insights tab`, async ({ page }) => {
      const login = new LoginPage(page);
      await login.goto('agent');
      await login.signIn(DEMO[who].email, DEMO[who].password);
      const dashboard = new DashboardPage(page);
      await expect(dashboard.tab('Properties')).toBeVisible();
      await expect(dashboard.tab('Insights')).toHaveCount(0);
      const answer = await page.request.get('/api/insights');
      expect(answer.status()).toBe(403);
    });
  }
});
