import type { Page } from '@playwright/test';
import { DEMO, expect, test } from '../../fixtures/accounts';
import { AppHeader } from '../../pages/app-header';
import { LoginPage } from '../../pages/login-page';
import { PropertiesPage } from '../../pages/properties-page';

const signIn = async (page: Page, account: { email: string; password: string }) => {
  const login = new LoginPage(page);
  await login.goto('agent');
  await login.signIn(account.email, account.password);
  await expect(page).toHaveURL(/\/agent\/dashboard/);
};

test.describe('agent walkthrough', () => {
  test("a super agent finds the project visible to neither region under 'Other Properties' and opens it", async ({ page }) => {
    await signIn(page, DEMO.super);
    const properties = new PropertiesPage(page);
    const other = properties.section('Other Properties');
    await expect(properties.card('Muscat Hills Estate', other)).toBeVisible();
    // Only there: it belongs to neither region.
    await expect(properties.card('Muscat Hills Estate', properties.section('Dubai Properties'))).toHaveCount(0);
    await expect(properties.card('Muscat Hills Estate', properties.section('Doha Properties'))).toHaveCount(0);
    await properties.openDetails('Muscat Hills Estate', other);
    await expect(page).toHaveURL(/\/agent\/projects\/\d+$/);
  });

  test("a Dubai agent has no 'Other Properties' section", async ({ page }) => {
    await signIn(page, DEMO.dubai);
    const properties = new PropertiesPage(page);
    await expect(properties.card('Marina Heights', properties.section('Available Properties'))).toBeVisible();
    await expect(properties.section('Other Properties')).toHaveCount(0);
  });

  test("the project and unit pages have the agent header ('Agent Portal', name, agent type, Logout), and Logout works there", async ({ page }) => {
    await signIn(page, DEMO.super);
    const header = new AppHeader(page);
    const properties = new PropertiesPage(page);
    await properties.openDetails('Lusail Gate', properties.section('Doha Properties'));
    await header.expectSignedIn('Agent Portal', DEMO.super.name, DEMO.super.badge);

    await page.getByRole('table').getByRole('link', { name: 'View' }).first().click();
    await expect(page).toHaveURL(/\/agent\/units\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await header.expectSignedIn('Agent Portal', DEMO.super.name, DEMO.super.badge);
    await header.signOut();
  });
});
