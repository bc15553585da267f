import { DEMO, expect, test } from '../../fixtures/accounts';
import { adminApi, createProject, createUnits, type CreatedProject } from '../../fixtures/properties';
import { LoginPage } from '../../pages/login-page';
import { ProjectPage } from '../../pages/project-page';

const UNITS = [
  { unitNumber: '10', unitType: 'Studio', floor: '10', view: 'City View', area: 500, price: 900_000, status: 'sold' },
  { unitNumber: '2A', unitType: 'Penthouse', floor: 'G', view: 'Sea View', area: 1800, price: null, status: 'available' },
  { unitNumber: 'A-101', unitType: '2 Bedroom', floor: '2', view: 'Sea View', area: 1200, price: 2_500_000, status: 'reserved' },
  { unitNumber: 'PH', unitType: 'Penthouse', floor: '12', view: 'Sea View', area: 3000, price: 9_000_000, status: 'occupied' },
  { unitNumber: '2', unitType: 'Studio', floor: '1', view: 'Marina View', area: 450, price: 850_000, status: 'unavailable' },
];

test.describe('admin project detail', () => {
  let project: CreatedProject;

  test.beforeEach(async ({ page, baseURL }) => {
    const api = await adminApi(baseURL ?? '');
    project = await createProject(api, { description: 'Five units for the table.' });
    await createUnits(api, project.id, UNITS);
    await api.dispose();
    const login = new LoginPage(page);
    await login.goto('admin');
    await login.signIn(DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
  });

  test('shows the information and the table, sorts by every column, searches and filters', async ({ page }) => {
    const detail = new ProjectPage(page);
    await detail.goto('admin', project.id, project.name);
    await expect(page.getByText('Jumeirah Village, Dubai').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Back to Dashboard/ })).toHaveAttribute('href', '/admin/dashboard');
    await expect(detail.info.getByText('Total Project Units')).toBeVisible();
    await expect(detail.info.getByTestId('total-project-units')).toHaveText('5');
    await expect(detail.info.getByText('Current Displayed Units')).toBeVisible();
    await expect(detail.info.getByText('Dubai', { exact: true })).toBeVisible();
    await expect(detail.info.getByText('Five units for the table.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Property' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Image Management' })).toHaveAttribute('href', `/admin/projects/${project.id}/unit-images`);
    await expect(page.getByRole('button', { name: 'Import/Export' })).toBeVisible();
    await expect(detail.unitsHeading(5)).toBeVisible();
    await page.getByRole('button', { name: 'About unit visibility' }).hover();
    await expect(page.getByText('Agents only see units with status available, sold or reserved.')).toBeVisible();
    await expect(detail.table.getByRole('columnheader')).toHaveText([
      '',
      /Unit Number/,
      /Type/,
      /Floor/,
      /View/,
      /Area \(sqft\)/,
      /Price/,
      /Status/,
      'Actions',
    ]);

    expect(await detail.unitNumbers()).toEqual(['2', '2A', '10', 'A-101', 'PH']);
    await expect(detail.row('2A').getByRole('cell', { name: 'Price on Request' })).toBeVisible();
    await detail.sortBy('Unit Number');
    await expect.poll(() => detail.unitNumbers()).toEqual(['PH', 'A-101', '10', '2A', '2']);
    await detail.sortBy('Price');
    await expect.poll(() => detail.unitNumbers()).toEqual(['2', '10', 'A-101', 'PH', '2A']);
    await detail.sortBy('Area');
    await expect.poll(() => detail.unitNumbers()).toEqual(['2', '10', 'A-101', '2A', 'PH']);
    await detail.sortBy('Floor');
    await expect.poll(() => detail.unitNumbers()).toEqual(['2', 'A-101', '10', 'PH', '2A']);
    // Descending reverses the whole order, so the text floor (G) now leads the numbers.
    await detail.sortBy('Floor');
    await expect.poll(() => detail.unitNumbers()).toEqual(['2A', 'PH', '10', 'A-101', '2']);
    await detail.sortBy('Type');
    await expect.poll(() => detail.unitNumbers()).toEqual(['A-101', '2A', 'PH', '2', '10']);
    await detail.sortBy('View');
    await expect.poll(() => detail.unitNumbers()).toEqual(['10', '2', '2A', 'A-101', 'PH']);
    await detail.sortBy('Status');
    await expect.poll(() => detail.unitNumbers()).toEqual(['2A', 'PH', 'A-101', '10', '2']);

    await detail.search.fill('penthouse');
    await expect.poll(() => detail.unitNumbers()).toEqual(['2A', 'PH']);
    await expect(detail.displayed()).toHaveText('2');
    await detail.search.fill('');
    await detail.filter('View', 'Sea View');
    await detail.filter('Status', 'Reserved');
    await expect.poll(() => detail.unitNumbers()).toEqual(['A-101']);
    await detail.filters.getByLabel('Min Price').fill('3000000');
    await expect(page.getByText('No units found matching your criteria.')).toBeVisible();
    await detail.filters.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(detail.displayed()).toHaveText('5');
    await expect(detail.filters.getByLabel('Min Price')).toHaveValue('');
  });

  test('batch-creates units in one request from the Add New Unit modal', async ({ page }) => {
    const detail = new ProjectPage(page);
    await detail.goto('admin', project.id, project.name);
    await page.getByRole('button', { name: 'Add New Unit' }).click();
    const modal = page.getByRole('dialog', { name: 'Add New Unit' });
    await modal.getByRole('button', { name: 'Add Unit' }).click();
    await expect(modal.getByText('Unit number is required')).toBeVisible();

    await modal.getByText('Batch Create', { exact: true }).click();
    await modal.getByLabel('Number of Units').fill('6');
    await modal.getByRole('button', { name: 'Add 6 Units' }).click();
    await expect(modal.getByText('Prefix is required for the selected unit number format')).toBeVisible();
    await modal.getByLabel('Prefix').fill('T-');
    await modal.getByLabel('Starting Number').fill('301');
    await expect(modal.getByTestId('batch-preview')).toHaveText('T-301, T-302, T-303, T-304, T-305, ...');
    await modal.getByLabel('Floor').fill('3');
    await modal.getByRole('combobox', { name: 'Unit Type' }).selectOption('2 Bedroom');
    await modal.getByLabel(/^Price/).fill('1750000');
    await modal.getByLabel('Area (sqft)').fill('1100.456');

    const created = page.waitForResponse((response) => response.url().endsWith(`/api/projects/${project.id}/units`) && response.request().method() === 'POST');
    await modal.getByRole('button', { name: 'Add 6 Units' }).click();
    expect((await created).status()).toBe(201);
    await expect(modal).toBeHidden();
    await expect(page.getByText('6 units added')).toBeVisible();
    await expect(detail.unitsHeading(11)).toBeVisible();
    await detail.search.fill('T-3');
    await expect.poll(() => detail.unitNumbers()).toEqual(['T-301', 'T-302', 'T-303', 'T-304', 'T-305', 'T-306']);
    await expect(detail.row('T-306').getByRole('cell', { name: '8', exact: true })).toBeVisible();
    await expect(detail.row('T-301').getByRole('cell', { name: 'AED 1,750,000' })).toBeVisible();
    await expect(detail.row('T-301').getByRole('cell', { name: '1,100.46' })).toBeVisible();
  });

  test('changes the status of selected units, then deletes selected units, each after a confirmation', async ({ page }) => {
    const detail = new ProjectPage(page);
    await detail.goto('admin', project.id, project.name);
    await detail.row('2').getByRole('checkbox').check();
    await detail.row('10').getByRole('checkbox').check();
    await expect(detail.selectionBar.getByText('2 units selected')).toBeVisible();
    await expect(detail.selectionBar.getByRole('button', { name: 'Send Email Notification' })).toBeVisible();
    await detail.selectionBar.getByRole('combobox', { name: 'New status' }).selectOption('reserved');
    await detail.selectionBar.getByRole('button', { name: 'Change Status' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Change Status' });
    await expect(confirm.getByText('Are you sure you want to change the status of 2 units to reserved?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Change Status' }).click();
    const toast = page.getByText('Status changed to reserved for 2 units');
    await expect(toast).toBeVisible();
    await expect(detail.row('2').getByText('reserved')).toBeVisible();
    await expect(detail.row('10').getByText('reserved')).toBeVisible();
    await expect(detail.selectionBar).toHaveCount(0);
    // Toasts go after 3 seconds.
    await expect(toast).toBeHidden({ timeout: 6000 });

    await detail.table.getByRole('checkbox', { name: 'Select all shown units' }).check();
    await expect(detail.selectionBar.getByText('5 units selected')).toBeVisible();
    await detail.selectionBar.getByRole('button', { name: 'Clear Selection' }).click();
    await expect(detail.selectionBar).toHaveCount(0);
    await detail.row('PH').getByRole('checkbox').check();
    await detail.selectionBar.getByRole('button', { name: 'Delete Selected Units' }).click();
    const deletion = page.getByRole('alertdialog', { name: 'Delete Selected Units' });
    await expect(deletion.getByText('Are you sure you want to delete 1 unit? This action cannot be undone.')).toBeVisible();
    await deletion.getByRole('button', { name: 'Delete Selected Units' }).click();
    await expect(detail.unitsHeading(4)).toBeVisible();
    await expect(detail.row('PH')).toHaveCount(0);
  });

  test("shows 'Project Not Found' for a project that does not exist", async ({ page }) => {
    await page.goto('/admin/projects/987654');
    await expect(page.getByRole('heading', { name: 'Project Not Found' })).toBeVisible();
    await expect(page.getByText('The project you are looking for could not be found.')).toBeVisible();
    await page.getByRole('link', { name: 'Return to Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});
