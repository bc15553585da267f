import { expect, type Locator, type Page } from '@playwright/test';

/** The header of every signed-in screen: the portal's title, who is signed in, the agent-type badge, Logout. */
export class AppHeader {
  readonly banner: Locator;
  readonly user: Locator;
  readonly logout: Locator;

  constructor(readonly page: Page) {
    this.banner = page.getByRole('banner');
    this.user = this.banner.getByTestId('signed-in-user');
    this.logout = this.banner.getByRole('button', { name: 'Logout' });
  }

  /** The header as the spec has it: admin — title, name, Logout; agent — 'Agent Portal', name, badge, Logout. */
  async expectSignedIn(title: 'Admin Dashboard' | 'Agent Portal', name: string, badge?: string) {
    await expect(this.banner.getByText(title, { exact: true })).toBeVisible();
    await expect(this.user).toHaveText(name);
    if (badge) await expect(this.banner.getByText(badge, { exact: true })).toBeVisible();
    await expect(this.logout).toBeVisible();
  }

  /** Logout: waits for the server to end the session, then for the start page. */
  async signOut() {
    await Promise.all([this.page.waitForResponse((response) => response.url().endsWith('/api/portal-auth/logout')), this.logout.click()]);
    await expect(this.page).toHaveURL(/\/$/);
  }
}
