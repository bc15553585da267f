import { expect, test } from '@playwright/test';

test.describe('landing page', () => {
  test('shows the portal title, subtitle and both login buttons', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Property Management Portal');
    await expect(page.getByRole('heading', { name: 'Property Portal' })).toBeVisible();
    await expect(page.getByText('Property management portal')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin Login' })).toHaveAttribute('href', '/admin/login');
    await expect(page.getByRole('link', { name: 'Agent Login' })).toHaveAttribute('href', '/agent/login');
  });

  for (const [button, target] of [
    ['Admin Login', '/admin/login'],
    ['Agent Login', '/agent/login'],
  ] as const) {
    test(`${button} navigates to ${target}`, async ({ page }) => {
      await page.goto('/');
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
      });
      await page.getByRole('link', { name: button }).click();
      await expect.poll(() => visited).toContain(target);
    });
  }

  test('is reachable from the keyboard', async ({ page }) => {
    await page.goto('/');
    const admin = page.getByRole('link', { name: 'Admin Login' });
    for (let step = 0; step < 5 && !(await admin.evaluate((el) => el === document.activeElement)); step += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(admin).toBeFocused();
  });

  test('redirects an unknown path to the start page', async ({ page }) => {
    await page.goto('/definitely/not/a/page');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Property management portal')).toBeVisible();
  });

  test('switches light, dark and system themes and keeps the choice across reloads', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveClass(/dark/);
    await page.getByRole('button', { name: /Theme: System/ }).click();
    await expect(html).toHaveClass(/light/);
    await page.reload();
    await expect(html).toHaveClass(/light/);
    await page.getByRole('button', { name: /Theme: Light/ }).click();
    await expect(html).toHaveClass(/dark/);
    await page.getByRole('button', { name: /Theme: Dark/ }).click();
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveClass(/light/);
  });
});

test.describe('one origin', () => {
  test('a browser navigation to a portal route under /admin loads the portal, not the CMS', async ({ page }) => {
    const response = await page.goto('/admin/login');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(page.locator('#root')).not.toBeEmpty();
  });

  test('content staff sign in to the CMS panel at /cms', async ({ page }) => {
    await page.goto('/cms');
    await page.getByRole('textbox', { name: 'Email' }).fill('cms@demo.test');
    await page.getByRole('textbox', { name: 'Password' }).fill('Cms-Demo-2026!');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/cms(\/)?$/, { timeout: 30_000 });
    await expect(page.getByRole('link', { name: /Content Manager/ }).first()).toBeVisible({ timeout: 30_000 });
  });
});
