import { expect, type Locator, type Page } from '@playwright/test';

/** /admin/projects/{id}/unit-images: the units by type, the link tools and the image manager. */
export class UnitImagesPage {
  readonly manager: Locator;
  readonly selectedFiles: Locator;

  constructor(readonly page: Page) {
    this.manager = page.getByRole('region', { name: 'Image manager' });
    this.selectedFiles = page.getByRole('list', { name: 'Selected images' });
  }

  async goto(projectId: number, projectName: string) {
    await this.page.goto(`/admin/projects/${projectId}/unit-images`);
    await expect(this.page.getByRole('heading', { level: 1, name: `${projectName} - Unit Images` })).toBeVisible();
  }

  group(type: string) {
    return this.page.getByRole('region', { name: `${type} Units` });
  }

  card(unitNumber: string) {
    // The card's name is its whole text, led by 'Manage images of unit 301'.
    return this.page.getByRole('button', { name: new RegExp(`^Manage images of unit ${unitNumber}(?!\\d)`) });
  }

  async select(unitNumber: string) {
    await this.card(unitNumber).click();
    await expect(this.page.getByRole('region', { name: `Unit ${unitNumber}` })).toBeVisible();
  }

  thumbnail(position: number) {
    return this.manager.getByRole('button', { name: `View image ${position}` });
  }

  get preview() {
    return this.page.getByRole('dialog', { name: 'Image preview' });
  }

  get confirmation() {
    return this.page.getByRole('alertdialog');
  }

  toast(text: string) {
    return this.page.getByText(text, { exact: true }).first();
  }
}
