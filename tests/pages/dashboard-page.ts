import { expect, type Locator, type Page } from '@playwright/test';

/** The shell of /admin/dashboard and /agent/dashboard: header, tabs, Logout. */
export class DashboardPage {
  readonly logout: Locator;
  readonly user: Locator;

  constructor(readonly page: Page) {
    this.logout = page.getByRole('button', { name: 'Logout' });
    this.user = page.getByTestId('signed-in-user');
  }

  heading(title: 'Admin Dashboard' | 'Agent Portal') {
    return this.page.getByRole('heading', { name: title, level: 1 });
  }

  tab(name: string) {
    return this.page.getByRole('tab', { name });
  }

  async openTab(name: string) {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
  }

  /** Logout: waits for the server to end the session, then for the start page. */
  async signOut() {
    await Promise.all([this.page.waitForResponse((response) => response.url().endsWith('/api/portal-auth/logout')), this.logout.click()]);
    await expect(this.page).toHaveURL(/\/$/);
  }
}
