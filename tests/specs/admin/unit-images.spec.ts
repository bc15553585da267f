import { DEMO, expect, test } from '../../fixtures/accounts';
import { COLOURS, png, uploadImage } from '../../fixtures/images';
import { adminApi, createProject, createUnits, type CreatedProject } from '../../fixtures/properties';
import { LoginPage } from '../../pages/login-page';
import { UnitImagesPage } from '../../pages/unit-images-page';

test.describe('admin unit images', () => {
  let project: CreatedProject;
  let ids: Record<string, number>;

  test.beforeEach(async ({ page, baseURL }) => {
    const api = await adminApi(baseURL ?? '');
    project = await createProject(api);
    const numbers = [
      { unitNumber: 'S-101', unitType: 'Studio' },
      { unitNumber: 'S-102', unitType: 'Studio' },
      { unitNumber: 'S-103', unitType: 'Studio' },
      { unitNumber: 'B-201', unitType: '2 Bedroom' },
      { unitNumber: 'B-202', unitType: '2 Bedroom' },
    ];
    await createUnits(
      api,
      project.id,
      numbers.map((unit) => ({ ...unit, price: 900_000 })),
    );
    const list = (await (await api.get(`/api/projects/${project.id}/units`)).json()) as { data: Array<{ id: number; unitNumber: string }> };
    ids = Object.fromEntries(list.data.map((unit) => [unit.unitNumber, unit.id]));
    await api.dispose();
    const login = new LoginPage(page);
    await login.goto('admin');
    await login.signIn(DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
  });

  test('uploads several images with progress, sets the primary one, deletes one and clears all', async ({ page }) => {
    const screen = new UnitImagesPage(page);
    await screen.goto(project.id, project.name);
    await expect(screen.group('Studio')).toBeVisible();
    await expect(screen.card('S-101')).toContainText('No images');
    await screen.select('S-101');
    await expect(screen.manager.getByText('0/10 images')).toBeVisible();
    await expect(screen.manager.getByText('JPG, PNG or GIF files up to 5MB each. 10 remaining.')).toBeVisible();

    await screen.manager.getByLabel('Select Images').setInputFiles(COLOURS.slice(0, 3).map((colour, index) => png(`photo-${index + 1}.png`, colour)));
    await expect(screen.selectedFiles.getByRole('listitem')).toHaveCount(3);
    await screen.manager.getByRole('button', { name: 'Upload Selected Images' }).click();
    for (const name of ['photo-1.png', 'photo-2.png', 'photo-3.png']) {
      await expect(screen.selectedFiles.getByRole('progressbar', { name: `Upload progress of ${name}` })).toHaveAttribute('aria-valuenow', '100');
    }
    await expect(screen.toast('Uploaded 3 images')).toBeVisible();
    await expect(screen.manager.getByText('3/10 images')).toBeVisible();
    await expect(screen.manager.getByText('JPG, PNG or GIF files up to 5MB each. 7 remaining.')).toBeVisible();
    await expect(screen.card('S-101')).toContainText('3 images');
    // The first upload is the primary one.
    await expect(screen.thumbnail(1).locator('..')).toContainText('Primary');

    await screen.thumbnail(3).click();
    await screen.preview.getByRole('button', { name: 'Set as Primary' }).click();
    await expect(screen.toast('Primary image updated')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(screen.thumbnail(3).locator('..')).toContainText('Primary');
    await expect(screen.thumbnail(1).locator('..')).not.toContainText('Primary');

    await screen.thumbnail(1).click();
    await screen.preview.getByRole('button', { name: 'Delete Image' }).click();
    await expect(screen.confirmation).toContainText('Are you sure you want to delete this image?');
    await screen.confirmation.getByRole('button', { name: 'Delete Image' }).click();
    await expect(screen.toast('Image deleted successfully')).toBeVisible();
    await expect(screen.manager.getByText('2/10 images')).toBeVisible();

    await screen.manager.getByRole('button', { name: 'Clear All Images' }).click();
    await expect(screen.confirmation).toContainText('Are you sure you want to delete ALL images? This cannot be undone.');
    await screen.confirmation.getByRole('button', { name: 'Clear All Images' }).click();
    await expect(screen.toast('Cleared all images (2 deleted, 0 failed)')).toBeVisible();
    await expect(screen.manager.getByText('0/10 images')).toBeVisible();
    await expect(screen.card('S-101')).toContainText('No images');
  });

  test('links images by type, shows the followers using shared images, then unlinks one type', async ({ page, baseURL }) => {
    const api = await adminApi(baseURL ?? '');
    await uploadImage(api, ids['S-101'], png('studio-a.png', COLOURS[0]));
    await uploadImage(api, ids['S-101'], png('studio-b.png', COLOURS[1]));
    await uploadImage(api, ids['B-201'], png('bedroom.png', COLOURS[2]));
    await api.dispose();

    const screen = new UnitImagesPage(page);
    await screen.goto(project.id, project.name);
    await expect(screen.group('Studio')).not.toContainText('Shared Images Enabled');
    await page.getByRole('button', { name: 'Link Images', exact: true }).click();
    await screen.confirmation.getByRole('button', { name: 'Link Images' }).click();
    await expect(screen.group('Studio')).toContainText('Shared Images Enabled');
    await expect(screen.group('2 Bedroom')).toContainText('Shared Images Enabled');
    await expect(screen.card('S-101')).toContainText('Source');
    for (const follower of ['S-102', 'S-103']) {
      await expect(screen.card(follower)).toContainText('Using shared images');
      await expect(screen.card(follower)).toContainText('2 images');
    }
    await expect(screen.card('B-202')).toContainText('Using shared images');

    await screen.select('S-102');
    await expect(screen.manager.getByText('Read Only')).toBeVisible();
    await expect(screen.manager.getByRole('button', { name: 'Upload Selected Images' })).toHaveCount(0);

    await page.getByRole('button', { name: /Unlink Images/ }).click();
    await page.getByRole('menuitem', { name: 'Unlink Studio Units' }).click();
    await expect(screen.confirmation).toContainText('Unlink the images of the Studio units?');
    await screen.confirmation.getByRole('button', { name: 'Unlink Images' }).click();
    await expect(screen.group('Studio')).not.toContainText('Shared Images Enabled');
    for (const follower of ['S-102', 'S-103']) {
      await expect(screen.card(follower)).not.toContainText('Using shared images');
      await expect(screen.card(follower)).toContainText('No images');
    }
    await expect(screen.card('S-101')).toContainText('2 images');
    await expect(screen.card('B-202')).toContainText('Using shared images');
    await expect(screen.group('2 Bedroom')).toContainText('Shared Images Enabled');
  });

  test('the unit carousel starts at the featured image', async ({ page, baseURL }) => {
    const api = await adminApi(baseURL ?? '');
    const unitId = ids['B-201'];
    for (const [index, colour] of COLOURS.slice(0, 3).entries()) await uploadImage(api, unitId, png(`view-${index + 1}.png`, colour));
    const images = await uploadImage(api, unitId, png('view-4.png', COLOURS[3]));
    const chosen = images[2];
    const featured = await api.put(`/api/units/${unitId}/images/${encodeURIComponent(chosen.id)}/featured`);
    expect(featured.status(), await featured.text()).toBe(200);
    await api.dispose();

    await page.goto(`/admin/units/${unitId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Unit B-201' })).toBeVisible();
    const carousel = page.locator('[aria-roledescription="carousel"]');
    await carousel.hover();
    await expect(carousel.getByText('3 / 4')).toBeVisible();
    await expect(carousel.getByRole('button', { name: 'View full screen' }).locator('img')).toHaveAttribute('src', chosen.url);
  });
});
