import { expect, type Locator, type Page } from '@playwright/test';

/** The Properties tab of /admin/dashboard and /agent/dashboard: region sections of property cards. */
export class PropertiesPage {
  constructor(readonly page: Page) {}

  async goto(userType: 'admin' | 'agent') {
    await this.page.goto(`/${userType}/dashboard`);
    await expect(this.page.getByRole('tab', { name: 'Properties' })).toHaveAttribute('aria-selected', 'true');
  }

  section(title: string) {
    return this.page.getByRole('region', { name: title });
  }

  /** A property card; inside a section when given. */
  card(name: string, within: Page | Locator = this.page) {
    return within.getByRole('article', { name, exact: true });
  }

  async openDetails(name: string, within?: Locator) {
    await this.card(name, within).getByRole('link', { name: 'View Details' }).click();
    await expect(this.page.getByRole('heading', { level: 1, name })).toBeVisible();
  }
}
