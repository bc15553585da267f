import { DEMO, expect, test } from '../../fixtures/accounts';
import { DashboardPage } from '../../pages/dashboard-page';
import { LoginPage } from '../../pages/login-page';
import { SettingsPage } from '../../pages/settings-page';

test.describe('admin settings', () => {
  test.beforeEach(async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto('admin');
    await login.signIn(DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
  });

  test('is the settings screen inside the admin shell, with every section', async ({ page }) => {
    const settings = new SettingsPage(page);
    await settings.goto('admin');
    await expect(new DashboardPage(page).heading('Admin Dashboard')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
    for (const section of [settings.theme, settings.password, settings.twoFactor, settings.performance, settings.danger]) {
      await expect(section).toBeVisible();
    }
  });

  test('keeps the theme across reloads: Light, Dark, then System following the device', async ({ page }) => {
    const settings = new SettingsPage(page);
    const html = page.locator('html');
    await page.emulateMedia({ colorScheme: 'light' });
    await settings.goto('admin');
    await expect(settings.themeOption('System')).toBeChecked();

    await settings.chooseTheme('Dark');
    await expect(html).toHaveClass(/dark/);
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await expect(settings.themeOption('Dark')).toBeChecked();

    await settings.chooseTheme('Light');
    await page.reload();
    await expect(html).toHaveClass(/light/);
    await expect(settings.themeOption('Light')).toBeChecked();

    await settings.chooseTheme('System');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveClass(/dark/);
    await page.reload();
    await expect(settings.themeOption('System')).toBeChecked();
  });

  test('Data Caching is on by default, its switch survives a reload, and the cache clears on demand', async ({ page }) => {
    const settings = new SettingsPage(page);
    await settings.goto('admin');
    await expect(settings.dataCaching).toBeChecked();

    // With caching on, the users list is kept in sessionStorage.
    await page.goto('/admin/dashboard?tab=users');
    await expect(page.getByText(DEMO.dubai.email)).toBeVisible();
    await expect.poll(() => page.evaluate(() => Object.keys(sessionStorage).some((key) => key.endsWith('users_list')))).toBe(true);

    await settings.goto('admin');
    await settings.performance.getByRole('button', { name: 'Clear All Cached Data' }).click();
    await expect(settings.performance.getByText('Cache cleared successfully!')).toBeVisible();
    expect(await page.evaluate(() => Object.keys(sessionStorage).some((key) => key.endsWith('users_list')))).toBe(false);
    await expect(settings.performance.getByText('Cache cleared successfully!')).toBeHidden({ timeout: 5000 });

    await settings.toggleDataCaching();
    await expect(settings.dataCaching).not.toBeChecked();
    await page.reload();
    await expect(settings.dataCaching).not.toBeChecked();
    await settings.toggleDataCaching();
    await expect(settings.dataCaching).toBeChecked();
  });

  test('refuses a password change that breaks the rules, before asking the server', async ({ page }) => {
    const settings = new SettingsPage(page);
    await settings.goto('admin');
    await settings.changePassword(DEMO.admin.password, 'short', 'different');
    await expect(settings.password.getByText('Password does not meet all requirements')).toBeVisible();
    await expect(settings.password.getByText('New passwords do not match')).toBeVisible();
  });
});
