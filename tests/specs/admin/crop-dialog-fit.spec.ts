import { DEMO, expect, test } from '../../fixtures/accounts';
import { LoginPage } from '../../pages/login-page';
import { drawPng, PropertyForm } from '../../pages/property-form';

// From a phone to a desktop, including the widths where the controls sit in a 300px column beside the image.
const WIDTHS = [360, 768, 1024, 1280];

test.describe('crop and position dialog', () => {
  for (const width of WIDTHS) {
    test(`keeps every control inside the dialog at ${width}px wide`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const login = new LoginPage(page);
      await login.goto('admin');
      await login.signIn(DEMO.admin.email, DEMO.admin.password);
      await expect(page).toHaveURL(/\/admin\/dashboard/);

      const form = new PropertyForm(page, 'Add New Property');
      await page.getByRole('button', { name: 'Add New Property' }).click();
      await form.pickImage({ name: 'wide.png', mimeType: 'image/png', buffer: await drawPng(page, 800, 450) });
      const dialog = await form.crop.boundingBox();
      expect(dialog).not.toBeNull();
      for (const name of ['Fixed Ratio', 'Free Form', 'Horizontal 16:9', 'Square 1:1', 'Vertical 4:5', 'Apply Crop', 'Cancel']) {
        const button = await form.crop.getByRole('button', { name, exact: true }).boundingBox();
        expect(button, name).not.toBeNull();
        if (!button || !dialog) continue;
        expect(button.x, `${name} left edge`).toBeGreaterThanOrEqual(dialog.x);
        expect(button.x + button.width, `${name} right edge`).toBeLessThanOrEqual(dialog.x + dialog.width + 0.5);
      }
      // The dialog itself fits the viewport's width.
      if (dialog) expect(dialog.x + dialog.width).toBeLessThanOrEqual(width);
      if (process.env.CROP_SCREENSHOTS) await page.screenshot({ path: `${process.env.CROP_SCREENSHOTS}/crop-${width}.png` });
    });
  }
});
