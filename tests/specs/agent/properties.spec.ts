import type { Page } from '@playwright/test';
import { DEMO, expect, test } from '../../fixtures/accounts';
import { LoginPage } from '../../pages/login-page';
import { ProjectPage } from '../../pages/project-page';
import { adminApi, createProject, createUnits } from '../../fixtures/properties';
import { PropertiesPage } from '../../pages/properties-page';
import { UnitPage } from '../../pages/unit-page';

const signIn = async (page: Page, account: { email: string; password: string }) => {
  const login = new LoginPage(page);
  await login.goto('agent');
  await login.signIn(account.email, account.password);
  await expect(page).toHaveURL(/\/agent\/dashboard/);
};

test.describe('agent properties', () => {
  test('a Dubai agent sees the Dubai projects under Available Properties, read-only, down to a unit', async ({ page }) => {
    await signIn(page, DEMO.dubai);
    const properties = new PropertiesPage(page);
    await expect(page.getByRole('tab', { name: 'Properties' })).toHaveAttribute('aria-selected', 'true');
    const available = properties.section('Available Properties');
    for (const name of ['Marina Heights', 'Palm Crescent Villas', 'Gulf Horizon Tower']) await expect(properties.card(name, available)).toBeVisible();
    await expect(page.getByRole('article', { name: 'Pearl Bay Residences' })).toHaveCount(0);
    await expect(page.getByRole('article', { name: 'Muscat Hills Estate' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Dubai Properties' })).toHaveCount(0);

    const marina = properties.card('Marina Heights', available);
    // The counts themselves are checked on a project whose units this spec knows (below); here only that no hidden status is shown.
    await expect(marina.getByText(/Occupied|Unavailable/)).toHaveCount(0);
    await expect(marina.getByRole('button')).toHaveCount(0);

    await properties.openDetails('Marina Heights', available);
    await expect(page).toHaveURL(/\/agent\/projects\/\d+$/);
    const detail = new ProjectPage(page);
    await expect(page.getByRole('link', { name: /Back to Dashboard/ })).toHaveAttribute('href', '/agent/dashboard');
    await expect(detail.info.getByText('Available Units')).toBeVisible();
    await expect(detail.info.getByText('Total Project Units')).toHaveCount(0);
    for (const name of ['Edit Property', 'Add New Unit', 'Image Management', 'Import/Export']) await expect(page.getByRole('button', { name })).toHaveCount(0);
    await expect(detail.table.getByRole('checkbox')).toHaveCount(0);
    await detail.filters.getByRole('button', { name: /^Status/ }).click();
    await expect(page.getByRole('group', { name: 'Status' }).getByRole('checkbox')).toHaveCount(3);
    await expect(page.getByRole('group', { name: 'Status' }).getByText('Occupied')).toHaveCount(0);
    await page.keyboard.press('Escape');

    const first = detail.rows().first();
    const unitNumber = (await first.locator('td:nth-of-type(1)').textContent()) ?? '';
    const unitPrice = ((await first.getByRole('cell', { name: /^(AED |Price on Request)/ }).textContent()) ?? '').trim();
    await first.getByRole('link', { name: 'View' }).click();
    await expect(page).toHaveURL(/\/agent\/units\/\d+$/);
    const unit = new UnitPage(page);
    await unit.expectTitle(`Unit ${unitNumber}`);
    // The price the table row showed for this unit, on the unit's own page, in the Dubai currency.
    await expect(unit.row('Price')).toHaveText(unitPrice);
    expect(unitPrice).toMatch(/^AED [\d,]+$/);
    for (const name of ['Edit Unit', 'Delete Unit']) await expect(page.getByRole('button', { name })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Unit Status' })).toHaveCount(0);
    await expect(unit.history).toHaveCount(0);
    await page.getByRole('link', { name: /Back to Project/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Marina Heights' })).toBeVisible();
  });

  test("counts on an agent's card only the statuses agents see, and shows a unit's stored price", async ({ page, baseURL }) => {
    const api = await adminApi(baseURL ?? '');
    const project = await createProject(api, { visibleTo: ['dubai'] });
    const statuses = ['available', 'available', 'sold', 'reserved', 'reserved', 'reserved', 'occupied', 'unavailable'];
    await createUnits(
      api,
      project.id,
      statuses.map((status, index) => ({ unitNumber: `C-${index + 1}`, status, price: 1_250_000 + index })),
    );
    await api.dispose();

    await signIn(page, DEMO.dubai);
    const properties = new PropertiesPage(page);
    const card = properties.card(project.name, properties.section('Available Properties'));
    // Occupied and unavailable units are neither listed nor counted for agents (spec §6).
    for (const line of ['Total Units: 6', 'Available: 2', 'Sold: 1', 'Reserved: 3']) await expect(card.getByText(line, { exact: true })).toBeVisible();
    await properties.openDetails(project.name, properties.section('Available Properties'));
    await new ProjectPage(page).rows().filter({ hasText: 'C-2' }).getByRole('link', { name: 'View' }).click();
    await expect(new UnitPage(page).row('Price')).toHaveText('AED 1,250,001');
  });

  test('a Doha agent sees the Doha projects, priced in QAR, and not the Dubai ones', async ({ page }) => {
    await signIn(page, DEMO.doha);
    const properties = new PropertiesPage(page);
    const available = properties.section('Available Properties');
    for (const name of ['Pearl Bay Residences', 'Lusail Gate', 'Gulf Horizon Tower']) await expect(properties.card(name, available)).toBeVisible();
    await expect(page.getByRole('article', { name: 'Marina Heights' })).toHaveCount(0);
    await properties.openDetails('Pearl Bay Residences', available);
    const detail = new ProjectPage(page);
    await expect(detail.rows().first().getByRole('cell', { name: /^QAR / })).toBeVisible();
    await expect(detail.table.getByText(/^(unavailable|occupied)$/)).toHaveCount(0);
  });

  test('a super agent sees both Dubai Properties and Doha Properties, with the project visible to no region in neither', async ({ page }) => {
    await signIn(page, DEMO.super);
    const properties = new PropertiesPage(page);
    await expect(properties.card('Marina Heights', properties.section('Dubai Properties'))).toBeVisible();
    await expect(properties.card('Pearl Bay Residences', properties.section('Doha Properties'))).toBeVisible();
    await expect(page.getByRole('region', { name: 'Available Properties' })).toHaveCount(0);
    // It has its own 'Other Properties' section (specs/agent/walkthrough.spec.ts).
    await expect(properties.card('Muscat Hills Estate', properties.section('Dubai Properties'))).toHaveCount(0);
    await expect(properties.card('Muscat Hills Estate', properties.section('Doha Properties'))).toHaveCount(0);
  });

  test("a Dubai agent opening a Doha project's address gets 'Project Not Found'", async ({ page }) => {
    // The address is read as the Doha agent, then opened as the Dubai agent.
    await signIn(page, DEMO.doha);
    const properties = new PropertiesPage(page);
    await properties.openDetails('Pearl Bay Residences', properties.section('Available Properties'));
    const address = new URL(page.url()).pathname;
    await page.context().clearCookies();
    await signIn(page, DEMO.dubai);
    await page.goto(address);
    await expect(page.getByRole('heading', { name: 'Project Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Dashboard' }).click();
    await expect(page).toHaveURL(/\/agent\/dashboard$/);
  });
});
