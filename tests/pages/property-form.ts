import { expect, type Locator, type Page } from '@playwright/test';

export interface PropertyFields {
  name?: string;
  location?: string;
  description?: string;
  visibleTo?: Array<'Dubai' | 'Doha'>;
}

/** The 'Add New Property' / 'Edit Property' dialog and its crop and position dialog. */
export class PropertyForm {
  readonly dialog: Locator;
  readonly crop: Locator;

  constructor(
    readonly page: Page,
    title: 'Add New Property' | 'Edit Property',
  ) {
    this.dialog = page.getByRole('dialog', { name: title });
    this.crop = page.getByRole('dialog', { name: 'Crop and Position Image' });
  }

  async fill(fields: PropertyFields) {
    if (fields.name !== undefined) await this.dialog.getByLabel(/^Property Name/).fill(fields.name);
    if (fields.location !== undefined) await this.dialog.getByLabel(/^Location/).fill(fields.location);
    if (fields.description !== undefined) await this.dialog.getByLabel('Description').fill(fields.description);
    for (const market of fields.visibleTo ?? []) await this.dialog.getByText(market, { exact: true }).click();
  }

  async pickImage(file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.dialog.locator('input[type="file"]').setInputFiles(file);
    await expect(this.crop).toBeVisible();
    // The tool's own image has loaded once the card preview appears.
    await expect(this.crop.getByRole('img', { name: 'Card preview' })).toBeVisible();
  }

  cropSelection() {
    return this.crop.locator('.ReactCrop__crop-selection');
  }

  async submit(label: 'Create Property' | 'Update Property') {
    await this.dialog.getByRole('button', { name: label }).click();
  }
}

/** A PNG drawn by the browser itself (jsdom-free, library-free), for uploads. */
export const drawPng = async (page: Page, width: number, height: number): Promise<Buffer> => {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      const gradient = context.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, '#0f766e');
      gradient.addColorStop(1, '#f59e0b');
      context.fillStyle = gradient;
      context.fillRect(0, 0, w, h);
      return canvas.toDataURL('image/png');
    },
    [width, height] as const,
  );
  return Buffer.from(dataUrl.split(',')[1], 'base64');
};
