import { expect, type Download, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs/promises';

/** The project page's Import/Export Units modal and Send Email Notification modal. */
export class ImportExportDialog {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Import/Export Units' });
  }

  async open() {
    await this.page.getByRole('button', { name: 'Import/Export' }).click();
    await expect(this.dialog).toBeVisible();
  }

  /** Clicks a button that downloads a file; answers its suggested name and text. */
  async download(button: string): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.dialog.getByRole('button', { name: button }).click()]);
    return { name: download.suggestedFilename(), text: await readDownload(download) };
  }

  choose(name: string, text: string) {
    return this.dialog.getByTestId('csv-file-input').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
  }
}

const readDownload = async (download: Download) => fs.readFile(await download.path(), 'utf8');

export class NotificationDialog {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Send Email Notification' });
  }

  async open() {
    await this.page
      .getByRole('region', { name: /units selected$/ })
      .getByRole('button', { name: 'Send Email Notification' })
      .click();
    await expect(this.dialog).toBeVisible();
  }
}
