import { DEMO, expect, test, uniqueSuffix } from '../../fixtures/accounts';
import { adminApi, createProject, createUnits, type UnitSeed } from '../../fixtures/properties';
import { AppHeader } from '../../pages/app-header';
import { LoginPage } from '../../pages/login-page';
import { ProjectPage } from '../../pages/project-page';
import { UnitPage } from '../../pages/unit-page';

/** A project of its own (name plus a unique suffix) with the given units; their ids by unit number. */
const createProjectWithUnits = async (baseURL: string, options: { name: string; visibleTo: ('dubai' | 'doha')[]; units: UnitSeed[] }) => {
  const api = await adminApi(baseURL);
  try {
    const location = options.visibleTo.includes('doha') ? 'Lusail, Doha' : 'Business Bay, Dubai';
    const project = await createProject(api, { name: `${options.name} ${uniqueSuffix()}`, location, visibleTo: options.visibleTo });
    const ids = await createUnits(api, project.id, options.units);
    return { projectId: project.id, projectName: project.name, unitIds: Object.fromEntries(options.units.map((unit, index) => [unit.unitNumber, ids[index]])) };
  } finally {
    await api.dispose();
  }
};

test.describe('admin walkthrough', () => {
  test.beforeEach(async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto('admin');
    await login.signIn(DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
  });

  test('the sold units manager shows a Doha-visible project in QAR, as the unit page does', async ({ page, baseURL }) => {
    const doha = await createProjectWithUnits(baseURL ?? '', {
      name: 'E2E Doha',
      visibleTo: ['doha'],
      units: [{ unitNumber: '1204', price: 1_295_000, status: 'sold' }],
    });
    await page.goto('/admin/sold-units-manager');
    await page.getByRole('combobox', { name: 'Project' }).selectOption({ label: doha.projectName });
    const option = page.getByRole('listbox', { name: 'Sold units' }).getByRole('option', { name: /Unit 1204/ });
    await expect(option).toContainText(`${doha.projectName} · QAR 1,295,000`);
    await option.click();
    const form = page.getByRole('form', { name: 'Sale details of unit 1204' });
    await expect(page.getByText(`${doha.projectName} · QAR 1,295,000`)).toHaveCount(2);
    await expect(form.getByLabel('Remaining Amount')).toHaveText('QAR 1,295,000');

    await page.getByRole('link', { name: 'View unit page' }).click();
    const unit = new UnitPage(page);
    await unit.expectTitle('Unit 1204');
    await expect(unit.row('Price')).toHaveText('QAR 1,295,000');
  });

  test('the sold units list shows its loading, then projects by name and units in unit-number order', async ({ page, baseURL }) => {
    // Created Zeta first, so the server's project-id order would list it first; and unit numbers
    // whose text order (10, 101, 9) differs from the spec's order (9, 10, 101).
    const zeta = await createProjectWithUnits(baseURL ?? '', { name: 'E2E Zeta', visibleTo: ['dubai'], units: [{ unitNumber: 'Z-1', status: 'sold' }] });
    const alpha = await createProjectWithUnits(baseURL ?? '', {
      name: 'E2E Alpha',
      visibleTo: ['dubai'],
      units: ['101', '9', 'PH', '10'].map((unitNumber) => ({ unitNumber, status: 'sold' })),
    });

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/sold-units?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin/sold-units-manager');
    await expect(page.getByText('Loading sold units...')).toBeVisible();
    await expect(page.getByText('No Unit Selected')).toHaveCount(0);
    release();
    await expect(page.getByText('No Unit Selected')).toBeVisible();

    // The list shows a window of every sold unit (thousands by now in a run): one project at a time.
    const list = page.getByRole('listbox', { name: 'Sold units' });
    const project = page.getByRole('combobox', { name: 'Project' });
    const numbers = () => list.getByRole('option').evaluateAll((options) => options.map((option) => option.querySelector('p')?.textContent ?? ''));
    await project.selectOption({ label: alpha.projectName });
    await expect(list.getByRole('option')).toHaveCount(4);
    expect(await numbers()).toEqual(['Unit 9', 'Unit 10', 'Unit 101', 'Unit PH']);
    await expect(list.getByRole('option').first()).toContainText(alpha.projectName);
    await project.selectOption({ label: zeta.projectName });
    await expect(list.getByRole('option')).toHaveCount(1);
    expect(await numbers()).toEqual(['Unit Z-1']);
  });

  test("a failed unit load says 'Failed to load unit data', not the server's text, with the way back", async ({ page, baseURL }) => {
    const seeded = await createProjectWithUnits(baseURL ?? '', { name: 'E2E Broken', visibleTo: ['dubai'], units: [{ unitNumber: '501' }] });
    const unitId = seeded.unitIds['501'];
    await page.route(`**/api/units/${unitId}`, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' } }),
          })
        : route.continue(),
    );
    await page.goto(`/admin/units/${unitId}`);
    await expect(page.getByRole('alert').getByText('Failed to load unit data')).toBeVisible();
    await expect(page.getByText('Internal Server Error')).toHaveCount(0);
    await page.getByRole('link', { name: 'Return to Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // The unit-images screen: an error panel with 'Return to Dashboard' (spec §2), in the screen's words.
    await page.route(`**/api/projects/${seeded.projectId}/unit-images`, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' } }),
      }),
    );
    await page.goto(`/admin/projects/${seeded.projectId}/unit-images`);
    await expect(page.getByRole('alert').getByText('Failed to load unit data')).toBeVisible();
    await expect(page.getByText('Internal Server Error')).toHaveCount(0);
    await expect(page.getByRole('alert').getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/admin/dashboard');
  });

  test("counts say what is shown: 'Units (1 of 3)' while searching, '1 unit selected', 'for 1 unit'", async ({ page, baseURL }) => {
    const seeded = await createProjectWithUnits(baseURL ?? '', {
      name: 'E2E Counts',
      visibleTo: ['dubai'],
      units: [
        { unitNumber: '101', unitType: 'Studio' },
        { unitNumber: '102', unitType: 'Studio' },
        { unitNumber: '103', unitType: 'Penthouse' },
      ],
    });
    const project = new ProjectPage(page);
    await project.goto('admin', seeded.projectId, seeded.projectName);
    await expect(project.unitsHeading(3)).toBeVisible();
    await project.search.fill('Penthouse');
    await expect(page.getByRole('heading', { name: 'Units (1 of 3)' })).toBeVisible();

    await project.row('103').getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: '1 unit selected' });
    await expect(bar).toBeVisible();
    await bar.getByRole('combobox', { name: 'New status' }).selectOption('reserved');
    await bar.getByRole('button', { name: 'Change Status' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Change Status' });
    await expect(confirm.getByText('Are you sure you want to change the status of 1 unit to reserved?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Change Status' }).click();
    await expect(page.getByText('Status changed to reserved for 1 unit', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(project.unitsHeading(3)).toBeVisible();
  });

  test('the project, unit and unit-images pages have the header with the name and Logout', async ({ page, baseURL }) => {
    const seeded = await createProjectWithUnits(baseURL ?? '', { name: 'E2E Header', visibleTo: ['dubai'], units: [{ unitNumber: '701' }] });
    const header = new AppHeader(page);
    const project = new ProjectPage(page);
    await project.goto('admin', seeded.projectId, seeded.projectName);
    await header.expectSignedIn('Admin Dashboard', DEMO.admin.name);

    await page.goto(`/admin/projects/${seeded.projectId}/unit-images`);
    await expect(page.getByRole('heading', { level: 1, name: `${seeded.projectName} - Unit Images` })).toBeVisible();
    await header.expectSignedIn('Admin Dashboard', DEMO.admin.name);

    await page.goto(`/admin/units/${seeded.unitIds['701']}`);
    await new UnitPage(page).expectTitle('Unit 701');
    await header.expectSignedIn('Admin Dashboard', DEMO.admin.name);
    await header.signOut();
  });
});
