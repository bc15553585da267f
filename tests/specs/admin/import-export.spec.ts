import { DEMO, expect, test } from '../../fixtures/accounts';
import { adminApi, createProject, createUnits, type CreatedProject } from '../../fixtures/properties';
import { LoginPage } from '../../pages/login-page';
import { ProjectPage } from '../../pages/project-page';
import { ImportExportDialog } from '../../pages/unit-tools';

const HEADER = 'unitNumber,unitType,floor,price,area,bedrooms,bathrooms,view,description,status,features';

test.describe('admin CSV import and export', () => {
  let project: CreatedProject;
  let copy: CreatedProject;

  test.beforeEach(async ({ page, baseURL }) => {
    const api = await adminApi(baseURL ?? '');
    project = await createProject(api, { description: 'Import and export.' });
    copy = await createProject(api, { description: 'Where the export goes back in.' });
    await createUnits(api, project.id, [
      { unitNumber: 'IE-1', unitType: 'Studio', floor: '1', price: 700_000, area: 410 },
      { unitNumber: 'IE-2', unitType: 'Penthouse', floor: '30', view: 'Sea View', price: 9_000_000, area: 2900, status: 'reserved' },
    ]);
    await api.dispose();
    const login = new LoginPage(page);
    await login.goto('admin');
    await login.signIn(DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
  });

  test('downloads the template, imports a file with good and bad rows through the preview, exports and re-imports', async ({ page }) => {
    const detail = new ProjectPage(page);
    await detail.goto('admin', project.id, project.name);
    await expect(detail.unitsHeading(2)).toBeVisible();
    const modal = new ImportExportDialog(page);
    await modal.open();

    const template = await modal.download('Download Template');
    expect(template.name).toBe('units_template.csv');
    expect(template.text.replace(/^\uFEFF/, '').trim()).toBe(HEADER);

    await modal.choose(
      'new-units.csv',
      [
        HEADER,
        'IE-3,2 Bedroom,3,1500000,1100,2,2.5,City View,"Corner, bright",available,"Balcony, Storage"',
        'IE-1,Studio,1,1,1,,,,,,',
        'IE-4,Studio,,1,1,,,,,,',
        'IE-5,Villa,G,=2+3,4000,,,,,sold,',
      ].join('\n'),
    );
    await expect(modal.dialog.getByText('1 unit to create')).toBeVisible();
    await expect(modal.dialog.getByText('3 rows have errors')).toBeVisible();
    await expect(modal.dialog.getByText('1 unit number already exists in this project')).toBeVisible();
    const errors = modal.dialog.getByRole('table', { name: 'Rows with errors' });
    await expect(errors.getByText('Unit IE-1 already exists in this project')).toBeVisible();
    await expect(errors.getByRole('row').filter({ hasText: 'floor' })).toContainText('4');
    await expect(modal.dialog.getByText('1 row is missing required fields (unitNumber, unitType, floor, price, area)')).toBeVisible();
    // Nothing is written before the admin confirms (the page behind the modal is hidden from the accessibility tree).
    await expect(page.locator('#units-heading')).toHaveText('Units (2)');

    await modal.dialog.getByRole('button', { name: 'Import 1 Valid Row' }).click();
    await expect(page.getByText('Imported 1 unit. Failed to import 3 units.')).toBeVisible();
    await expect(modal.dialog).toBeHidden();
    await expect(detail.unitsHeading(3)).toBeVisible();
    await expect(detail.row('IE-3')).toBeVisible();

    await modal.open();
    const exported = await modal.download('Export Units');
    expect(exported.name).toMatch(new RegExp(`^units_${project.id}_\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    await expect(page.getByText('Units exported successfully!')).toBeVisible();
    const lines = exported.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual(['IE-1', 'IE-2', 'IE-3']);
    expect(exported.text).toContain('"Corner, bright"');

    // The export, imported into another project, gives back the same units.
    await detail.goto('admin', copy.id, copy.name);
    await expect(detail.unitsHeading(0)).toBeVisible();
    await modal.open();
    await modal.choose(exported.name, exported.text);
    await expect(modal.dialog.getByText('3 units to create')).toBeVisible();
    await modal.dialog.getByRole('button', { name: 'Import 3 Units' }).click();
    await expect(page.getByText('Successfully imported 3 units.')).toBeVisible();
    await expect(detail.unitsHeading(3)).toBeVisible();
    await modal.open();
    const again = await modal.download('Export Units');
    expect(
      again.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .slice(1)
        .sort(),
    ).toEqual(lines.slice(1).sort());
  });

  test('refuses a file with a protected column before sending it', async ({ page }) => {
    const detail = new ProjectPage(page);
    await detail.goto('admin', project.id, project.name);
    const modal = new ImportExportDialog(page);
    await modal.open();
    await modal.choose('bad.csv', `${HEADER},archived\nIE-9,Studio,1,1,1,,,,,,,true`);
    await expect(modal.dialog.getByRole('alert')).toContainText('Unknown or protected column: archived');
    await expect(modal.dialog.getByRole('button', { name: /^Import/ })).toHaveCount(0);
  });
});
