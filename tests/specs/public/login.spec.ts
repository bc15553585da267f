import { DEMO, expect, test } from '../../fixtures/accounts';
import { DashboardPage } from '../../pages/dashboard-page';
import { LoginPage } from '../../pages/login-page';

test.describe('sign-in without two-factor', () => {
  test('an admin signs in, sees the dashboard header and tabs, and signs out to the start page', async ({ page }) => {
    const login = new LoginPage(page);
    const dashboard = new DashboardPage(page);
    await login.goto('admin');
    await expect(login.logIn).toBeVisible();
    await expect(login.forgotPassword).toBeVisible();
    await login.signIn(DEMO.admin.email, DEMO.admin.password);

    await expect(page).toHaveURL(/\/admin\/dashboard/);
    await expect(dashboard.heading('Admin Dashboard')).toBeVisible();
    await expect(dashboard.user).toHaveText(DEMO.admin.name);
    await expect(dashboard.tab('Users')).toBeVisible();
    await expect(dashboard.tab('Settings')).toBeVisible();

    await dashboard.signOut();
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(login.heading('admin')).toBeVisible();
  });

  for (const agent of [DEMO.dubai, DEMO.doha, DEMO.super]) {
    test(`the ${agent.badge} agent signs in to the agent portal`, async ({ page }) => {
      const login = new LoginPage(page);
      const dashboard = new DashboardPage(page);
      await login.goto('agent');
      await login.signIn(agent.email, agent.password);
      await expect(page).toHaveURL(/\/agent\/dashboard/);
      await expect(dashboard.heading('Agent Portal')).toBeVisible();
      await expect(dashboard.user).toHaveText(agent.name);
      await expect(page.getByText(agent.badge, { exact: true })).toBeVisible();
      await expect(dashboard.tab('Settings')).toBeVisible();
    });
  }

  test('an admin signing in on the agent screen lands on the admin dashboard', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto('agent');
    await login.signIn(DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
  });

  test("an agent on the admin screen gets 'Invalid account type'", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto('admin');
    await login.signIn(DEMO.dubai.email, DEMO.dubai.password);
    await expect(page.getByText('Invalid account type')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("a wrong password gets 'Invalid email or password'", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto('agent');
    await login.signIn(DEMO.doha.email, 'not-the-password');
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(login.logIn).toBeEnabled();
  });

  test('Remember me keeps the e-mail for the next visit', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto('agent');
    await login.signIn(DEMO.super.email, DEMO.super.password, { remember: true });
    await expect(page).toHaveURL(/\/agent\/dashboard/);
    await new DashboardPage(page).signOut();
    await login.goto('agent');
    await expect(login.email).toHaveValue(DEMO.super.email);
    await expect(login.rememberMe).toBeChecked();
  });

  test('the guards send signed-out visitors to the matching login', async ({ page }) => {
    await page.goto('/agent/settings');
    await expect(page).toHaveURL(/\/agent\/login$/);
    await page.goto('/admin/settings');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('the agent guard refuses a signed-in admin', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto('admin');
    await login.signIn(DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    await page.goto('/agent/dashboard');
    await expect(page).toHaveURL(/\/agent\/login$/);
  });

  test('the dashboard keeps its tab in the URL across a reload', async ({ page }) => {
    const login = new LoginPage(page);
    const dashboard = new DashboardPage(page);
    await login.goto('admin');
    await login.signIn(DEMO.admin.email, DEMO.admin.password);
    await dashboard.openTab('Settings');
    await expect(page).toHaveURL(/tab=settings/);
    await page.reload();
    await expect(dashboard.tab('Settings')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  });

  test('the login form works from the keyboard alone', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto('admin');
    await login.email.focus();
    await page.keyboard.type(DEMO.admin.email);
    await page.keyboard.press('Tab');
    await expect(login.password).toBeFocused();
    await page.keyboard.type(DEMO.admin.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/dashboard/);
  });
});
