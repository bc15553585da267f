import { request } from '@playwright/test';
import { DEMO, expect, test } from '../../fixtures/accounts';
import { png, uploadImage } from '../../fixtures/images';
import { adminApi, createProject, type CreatedProject } from '../../fixtures/properties';
import { LoginPage } from '../../pages/login-page';
import { UnitPage } from '../../pages/unit-page';

// Issue #24: the CMS panel is a door too. A content-staff member edits a unit in the panel; the
// portal's admin sees both changes in the unit's history, attributed to the staff member and the panel.
test.describe('content staff in the CMS panel', () => {
  let project: CreatedProject;
  let unitId: number;
  let documentId: string;
  let panelToken: string;

  // One API sign-in for the lookups: the panel's login is rate-limited (5 per account a few minutes),
  // and every test signs in once more through the page.
  test.beforeAll(async ({ baseURL }) => {
    const panel = await request.newContext({ baseURL });
    const login = await panel.post('/admin/login', { data: { email: DEMO.cms.email, password: DEMO.cms.password } });
    expect(login.status(), await login.text()).toBe(200);
    panelToken = ((await login.json()) as { data: { token: string } }).data.token;
    await panel.dispose();
  });

  test.beforeEach(async ({ baseURL }) => {
    const api = await adminApi(baseURL ?? '');
    project = await createProject(api, { location: 'Business Bay, Dubai' });
    const created = await api.post(`/api/projects/${project.id}/units`, {
      data: { units: [{ unitNumber: 'CMS-1', unitType: '1 Bedroom', price: 1_500_000 }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    unitId = ((await created.json()) as { data: { id: number }[] }).data[0].id;
    await api.dispose();
    // The panel's edit page is addressed by the unit's document id, which the portal does not show.
    const panel = await request.newContext({ baseURL });
    const found = await panel.get(
      `/content-manager/collection-types/api::unit.unit?filters[$and][0][projectId][$eq]=${project.id}&filters[$and][1][unitNumber][$eq]=CMS-1`,
      { headers: { Authorization: `Bearer ${panelToken}` } },
    );
    expect(found.status(), await found.text()).toBe(200);
    documentId = ((await found.json()) as { results: { documentId: string }[] }).results[0].documentId;
    await panel.dispose();
  });

  test("edit a unit's status and price; the admin's unit page shows both in its history, via CMS panel", async ({ page, browser }) => {
    await page.goto('/cms');
    await page.getByRole('textbox', { name: 'Email' }).fill(DEMO.cms.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO.cms.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('link', { name: /Content Manager/ }).first()).toBeVisible({ timeout: 30_000 });

    await page.goto(`/cms/content-manager/collection-types/api::unit.unit/${documentId}`);
    const status = page.getByRole('combobox', { name: /^Status/ });
    await expect(status).toBeVisible({ timeout: 30_000 });
    await status.click();
    await page.getByRole('option', { name: 'reserved' }).click();
    const price = page.getByRole('textbox', { name: /^Price/ });
    await price.fill('1750000');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/Saved document/).first()).toBeVisible();

    const portal = await browser.newPage();
    const login = new LoginPage(portal);
    await login.goto('admin');
    await login.signIn(DEMO.admin.email, DEMO.admin.password);
    await expect(portal).toHaveURL(/\/admin\/dashboard/);
    await portal.goto(`/admin/units/${unitId}`);
    const unit = new UnitPage(portal);
    await unit.expectTitle('Unit CMS-1');
    await expect(unit.history.getByText('Status changed — status: available → reserved')).toBeVisible();
    await expect(unit.history.getByText('Price changed — price: AED 1,500,000 → AED 1,750,000')).toBeVisible();
    await expect(unit.history.getByText(`${DEMO.cms.email} via CMS panel`, { exact: false })).toHaveCount(2);
    await portal.close();
  });

  test("create a unit choosing its project by name; the value kept is the project's id", async ({ page, baseURL }) => {
    await page.goto('/cms');
    await page.getByRole('textbox', { name: 'Email' }).fill(DEMO.cms.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO.cms.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('link', { name: /Content Manager/ }).first()).toBeVisible({ timeout: 30_000 });

    await page.goto('/cms/content-manager/collection-types/api::unit.unit/create');
    const picker = page.getByRole('combobox', { name: /^Project/ });
    await expect(picker).toBeVisible({ timeout: 30_000 });
    await picker.click();
    await page.getByRole('option', { name: `${project.name} (Business Bay, Dubai)` }).click();
    await page.getByRole('textbox', { name: /^Unit number/ }).fill('CMS-PICKED');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/Saved document/).first()).toBeVisible();

    const api = await adminApi(baseURL ?? '');
    const units = await api.get(`/api/projects/${project.id}/units`);
    expect(units.status()).toBe(200);
    const numbers = ((await units.json()) as { data: { unitNumber: string }[] }).data.map((unit) => unit.unitNumber);
    expect(numbers).toContain('CMS-PICKED');
    await api.dispose();
  });

  test("a unit's images show as small, lazy thumbnails of the stored pictures, from their smallest variant", async ({ page, baseURL }) => {
    // The demo seed has no images: the portal uploads one, as its image manager does.
    const api = await adminApi(baseURL ?? '');
    const images = await uploadImage(api, unitId, png('cms-thumb.png', [40, 160, 60]));
    await api.dispose();
    expect(images).toHaveLength(1);
    const [image] = images;

    await page.goto('/cms');
    await page.getByRole('textbox', { name: 'Email' }).fill(DEMO.cms.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO.cms.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('link', { name: /Content Manager/ }).first()).toBeVisible({ timeout: 30_000 });

    await page.goto(`/cms/content-manager/collection-types/api::unit.unit/${documentId}`);
    // Each image is an entry titled by its name; opened, it shows the picture.
    const entry = page.getByRole('button', { name: image.name ?? 'cms-thumb.png' });
    await expect(entry).toBeVisible({ timeout: 30_000 });
    await entry.click();
    // Drawn from the image's smallest WebP variant (issue #26), as the API names it, not the original.
    expect(image.variants[0].width).toBe(320);
    const thumbnail = page.locator(`img[src="${image.variants[0].url}"]`);
    await expect(thumbnail).toBeVisible();
    await expect(thumbnail).toHaveAttribute('loading', 'lazy');
    await expect(thumbnail).toHaveAttribute('alt', image.name ?? 'cms-thumb.png');
    // Loaded, not refused by the panel's CSP, and small.
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
    const box = await thumbnail.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(96);
    expect(box?.height ?? 0).toBeLessThanOrEqual(96);
  });
});
