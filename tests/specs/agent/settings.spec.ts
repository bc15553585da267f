import { DEMO, expect, test } from '../../fixtures/accounts';
import { DashboardPage } from '../../pages/dashboard-page';
import { LoginPage } from '../../pages/login-page';
import { SettingsPage } from '../../pages/settings-page';

test.describe('agent settings', () => {
  test('is the settings screen inside the agent shell', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto('agent');
    await login.signIn(DEMO.doha.email, DEMO.doha.password);
    await expect(page).toHaveURL(/\/agent\/dashboard/);
    await new SettingsPage(page).goto('agent');
    await expect(new DashboardPage(page).heading('Agent Portal')).toBeVisible();
    await expect(page.getByText('Doha', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Danger Zone' })).toBeVisible();
  });

  test('keeps the theme across reloads', async ({ page }) => {
    const login = new LoginPage(page);
    const settings = new SettingsPage(page);
    await login.goto('agent');
    await login.signIn(DEMO.super.email, DEMO.super.password);
    // Wait for the sign-in to land before navigating, or the navigation can cancel it.
    await expect(page).toHaveURL(/\/agent\/dashboard/);
    await settings.goto('agent');
    await settings.chooseTheme('Dark');
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(settings.themeOption('Dark')).toBeChecked();
  });

  test('changes the password: a wrong current one is refused, the new one signs in', async ({ page, freshAgent }) => {
    const login = new LoginPage(page);
    const settings = new SettingsPage(page);
    await login.goto('agent');
    await login.signIn(freshAgent.email, freshAgent.password);
    await expect(page).toHaveURL(/\/agent\/dashboard/);
    await settings.goto('agent');

    await settings.changePassword('Wrong-Passw0rd!', 'Changed-Passw0rd!');
    await expect(settings.password.getByText('Incorrect password. Please try again.')).toBeVisible();

    await settings.changePassword(freshAgent.password, 'Changed-Passw0rd!');
    await expect(page.getByText('Password updated successfully')).toBeVisible();
    // This browser keeps a (fresh) session.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();

    await new DashboardPage(page).signOut();
    await login.goto('agent');
    await login.signIn(freshAgent.email, 'Changed-Passw0rd!');
    await expect(page).toHaveURL(/\/agent\/dashboard/);
  });

  test('deletes the account after the password and a confirmation, then the account is gone', async ({ page, freshAgent }) => {
    const login = new LoginPage(page);
    const settings = new SettingsPage(page);
    await login.goto('agent');
    await login.signIn(freshAgent.email, freshAgent.password);
    await expect(page).toHaveURL(/\/agent\/dashboard/);
    await settings.goto('agent');

    await settings.danger.getByRole('button', { name: 'Delete Account' }).click();
    await expect(settings.danger.getByText('Please enter your password to delete your account.')).toBeVisible();

    await settings.deleteAccount('Wrong-Passw0rd!');
    await expect(settings.danger.getByText('Incorrect password. Please try again.')).toBeVisible();

    await settings.deleteAccount(freshAgent.password);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Property management portal')).toBeVisible();

    await page.goto('/agent/dashboard');
    await expect(page).toHaveURL(/\/agent\/login$/);
    await login.signIn(freshAgent.email, freshAgent.password);
    await expect(page.getByText('Invalid email or password')).toBeVisible();
  });
});
