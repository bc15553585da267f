import { expect, type Locator, type Page } from '@playwright/test';

/** /admin/units/{id} and /agent/units/{id}. */
export class UnitPage {
  readonly info: Locator;
  readonly editForm: Locator;
  readonly history: Locator;

  constructor(readonly page: Page) {
    this.info = page.getByLabel('Unit Information');
    this.editForm = page.getByRole('form', { name: 'Edit Unit' });
    this.history = page.getByRole('region', { name: 'History' });
  }

  async expectTitle(title: string) {
    await expect(this.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }

  /** The value of an information row, by its label. */
  row(label: string) {
    return this.info.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  }

  field(label: string) {
    return this.editForm.getByLabel(new RegExp(`^${label}\\*?$`));
  }
}
