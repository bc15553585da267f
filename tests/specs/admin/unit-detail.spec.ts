import { DEMO, expect, test } from '../../fixtures/accounts';
import { adminApi, createProject, type CreatedProject } from '../../fixtures/properties';
import { LoginPage } from '../../pages/login-page';
import { ProjectPage } from '../../pages/project-page';
import { UnitPage } from '../../pages/unit-page';

test.describe('admin unit detail', () => {
  let project: CreatedProject;
  let unitId: number;

  test.beforeEach(async ({ page, baseURL }) => {
    const api = await adminApi(baseURL ?? '');
    project = await createProject(api, { location: 'Al Sufouh, Dubai' });
    const created = await api.post(`/api/projects/${project.id}/units`, {
      data: {
        units: [
          {
            unitNumber: '1204',
            unitType: '2 Bedroom',
            floor: '12',
            view: 'Sea View',
            area: 1250.5,
            price: 2_400_000,
            bedrooms: 2,
            bathrooms: 2.5,
            description: 'Corner unit with a wraparound balcony.',
            features: 'Balcony, Maid Room, Storage',
          },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    unitId = ((await created.json()) as { data: { id: number }[] }).data[0].id;
    await api.dispose();
    const login = new LoginPage(page);
    await login.goto('admin');
    await login.signIn(DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
  });

  test('opens from the table and shows the unit, its rows and the admin tools', async ({ page }) => {
    const detail = new ProjectPage(page);
    const unit = new UnitPage(page);
    await detail.goto('admin', project.id, project.name);
    await detail.row('1204').getByRole('link', { name: 'View' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/units/${unitId}$`));
    await unit.expectTitle('Unit 1204');
    await expect(page.getByText(`${project.name} · Al Sufouh, Dubai`)).toBeVisible();
    await expect(page.getByText('available', { exact: true }).first()).toBeVisible();
    await expect(unit.row('Price')).toHaveText('AED 2,400,000');
    await expect(unit.row('Size')).toHaveText('1,250.50 sqft');
    await expect(unit.row('Floor')).toHaveText('12');
    await expect(unit.row('Bathrooms')).toHaveText('2.5');
    for (const feature of ['Balcony', 'Maid Room', 'Storage']) await expect(unit.row('Features').getByText(feature, { exact: true })).toBeVisible();
    await expect(page.getByText('No images available')).toBeVisible();
    await expect(unit.history.getByText('Created — status: available; price: AED 2,400,000')).toBeVisible();
    await expect(unit.history.getByText(/admin@demo\.test/)).toBeVisible();
    await page.getByRole('link', { name: /Back to Project/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/projects/${project.id}$`));
  });

  test('edits the unit inline (?edit=true), and records the change in the history', async ({ page }) => {
    const unit = new UnitPage(page);
    await page.goto(`/admin/units/${unitId}?edit=true`);
    await expect(unit.editForm).toBeVisible();
    await expect(unit.field('Unit Number')).toHaveValue('1204');
    await expect(unit.editForm.getByText('Dubai', { exact: true })).toBeVisible();
    await unit.editForm.getByRole('button', { name: 'Custom' }).click();
    await unit.editForm.getByRole('textbox', { name: 'Unit Type' }).fill('Sky Loft');
    await unit.field('Price').fill('');
    await unit.editForm.getByRole('button', { name: 'Update Unit' }).click();
    await expect(unit.editForm.getByText('Price is required')).toBeVisible();
    await unit.field('Price').fill('2650000');
    await unit.field('View').fill('Palm View');
    await unit.editForm.getByRole('button', { name: 'Update Unit' }).click();
    await expect(unit.editForm).toBeHidden();
    await expect(page.getByText('Unit updated')).toBeVisible();
    await expect(unit.row('Price')).toHaveText('AED 2,650,000');
    await expect(unit.row('Unit Type')).toHaveText('Sky Loft');
    await expect(unit.row('View')).toHaveText('Palm View');
    await expect(unit.history.getByText('Price changed — price: AED 2,400,000 → AED 2,650,000')).toBeVisible();
  });

  test('refuses a stale save and offers to reload the latest version', async ({ page, baseURL }) => {
    const unit = new UnitPage(page);
    await page.goto(`/admin/units/${unitId}`);
    await page.getByRole('button', { name: 'Edit Unit' }).click();
    const api = await adminApi(baseURL ?? '');
    const elsewhere = await api.put(`/api/units/${unitId}`, { data: { price: 2_500_000 } });
    expect(elsewhere.status()).toBe(200);
    await api.dispose();
    await unit.field('View').fill('Garden View');
    await unit.editForm.getByRole('button', { name: 'Update Unit' }).click();
    await expect(unit.editForm.getByText('This unit was changed by someone else. Reload to see the latest version.')).toBeVisible();
    await unit.editForm.getByRole('button', { name: 'Reload' }).click();
    await expect(unit.field('Price')).toHaveValue('2500000');
    await expect(unit.field('View')).toHaveValue('Sea View');
  });

  test('changes the status at once and deletes the unit after the confirmation', async ({ page }) => {
    const detail = new ProjectPage(page);
    await page.goto(`/admin/units/${unitId}`);
    await page.getByRole('combobox', { name: 'Unit Status' }).selectOption('sold');
    await expect(page.getByText('Status changed to sold')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Unit 1204' }).locator('xpath=..').getByText('sold', { exact: true })).toBeVisible();
    await expect(new UnitPage(page).history.getByText('Status changed — status: available → sold')).toBeVisible();

    await page.getByRole('button', { name: 'Delete Unit' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
    await expect(confirm.getByText('Are you sure you want to delete Unit 1204? This action cannot be undone.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete Unit' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/projects/${project.id}$`));
    await expect(detail.unitsHeading(0)).toBeVisible();
    await expect(page.getByText('No units found matching your criteria.')).toBeVisible();
    await page.goto(`/admin/units/${unitId}`);
    await expect(page.getByText('Unit not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Dashboard' })).toBeVisible();
  });
});
