import { DEMO, expect, test } from '../../fixtures/accounts';
import { adminApi, createProject, createUnits, manyUnits, type CreatedProject } from '../../fixtures/properties';
import { LoginPage } from '../../pages/login-page';
import { ProjectPage } from '../../pages/project-page';
import { StackingPlanPage } from '../../pages/stacking-plan';

// Two floors of three stacks with a gap (1302), a hidden-status unit, and two villas as plots.
const UNITS = [
  { unitNumber: '1201', unitType: 'Studio', floor: '12', view: 'Sea View', area: 500, price: 900_000, status: 'available' },
  { unitNumber: '1202', unitType: '1 Bedroom', floor: '12', view: 'City View', area: 700, price: 1_200_000, status: 'reserved' },
  { unitNumber: '1203', unitType: '2 Bedroom', floor: '12', view: 'Sea View', area: 1100, price: 2_000_000, status: 'available' },
  { unitNumber: '1301', unitType: 'Studio', floor: '13', view: 'Sea View', area: 500, price: 950_000, status: 'sold' },
  { unitNumber: '1303', unitType: 'Penthouse', floor: '13', view: 'Sea View', area: 3000, price: 9_000_000, status: 'unavailable' },
  { unitNumber: 'V-01', unitType: 'Villa', floor: 'G', view: 'Garden View', area: 5000, price: 7_000_000, status: 'occupied' },
  { unitNumber: 'V-02', unitType: 'Villa', floor: 'G', view: 'Garden View', area: 5000, price: null, status: 'available' },
];

test.describe('admin stacking plan', () => {
  let project: CreatedProject;

  test.beforeEach(async ({ page, baseURL }) => {
    const api = await adminApi(baseURL ?? '');
    project = await createProject(api, { visibleTo: ['dubai', 'doha'] });
    await createUnits(api, project.id, UNITS);
    await api.dispose();
    const login = new LoginPage(page);
    await login.goto('admin');
    await login.signIn(DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
  });

  test("switches to the plan, keeps the choice in the URL and on this device, and holds a cell for each of 'Units (n)'", async ({ page }) => {
    const detail = new ProjectPage(page);
    const plan = new StackingPlanPage(page);
    await detail.goto('admin', project.id, project.name);
    await plan.show();
    await expect(page).toHaveURL(/\?view=stack$/);
    await expect(plan.cells).toHaveCount(await plan.headingCount());
    await expect(plan.cells).toHaveCount(UNITS.length);
    await expect(plan.plan.getByRole('grid')).toHaveCount(2);
    // The highest floor on top; the cell names say the status in words.
    await expect(plan.plan.getByRole('rowheader').first()).toHaveText('13');
    await expect(plan.cell('1303')).toHaveAccessibleName(/^Unit 1303, Penthouse, QAR 9,000,000, Unavailable$/);
    await expect(plan.cell('V-02')).toHaveAccessibleName(/Price on Request/);
    await expect(plan.plan.getByRole('list', { name: 'Legend' })).toContainText('Available (3)');

    // Hovering (or focusing) a cell shows its card: area, bedrooms, view, the first image.
    await plan.cell('1203').hover();
    const card = page.getByRole('tooltip').filter({ hasText: 'Unit 1203' });
    await expect(card).toContainText('Area: 1,100.00 sqft');
    await expect(card).toContainText('Bedrooms: —');
    await expect(card).toContainText('View: Sea View');
    await expect(card).toContainText('No images available');
    await page.mouse.move(0, 0);
    await expect(card).toHaveCount(0);
    await plan.cell('1301').focus();
    await expect(page.getByRole('tooltip').filter({ hasText: 'Unit 1301' })).toContainText('Area: 500.00 sqft');

    // The search dims what it leaves out; the shape stays.
    await detail.search.fill('1201');
    await expect(plan.cell('1203')).toHaveAttribute('data-dim', '');
    await expect(plan.cell('1201')).not.toHaveAttribute('data-dim', '');
    await expect(plan.cells).toHaveCount(UNITS.length);
    await detail.search.fill('');

    // Print: the plan alone, with the project's name, the date and the legend; one building a page.
    await page.emulateMedia({ media: 'print' });
    await expect(plan.plan.getByRole('heading', { level: 2, name: project.name })).toBeVisible();
    await expect(plan.plan.getByText(/^Printed /)).toBeVisible();
    await expect(plan.plan.getByRole('list', { name: 'Legend' })).toBeVisible();
    await expect(detail.filters).toBeHidden();
    await expect(detail.info).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    const pdf = (await page.pdf({ format: 'A4', landscape: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(2);
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

    // Remembered on this device: the plain project address opens the plan again.
    await page.goto(`/admin/projects/${project.id}`);
    await expect(plan.plan).toBeVisible();
    await page.getByRole('group', { name: 'Units view' }).getByRole('button', { name: 'Table' }).click();
    await expect(page).not.toHaveURL(/view=stack/);
    await expect(detail.table).toBeVisible();
    await page.goto(`/admin/projects/${project.id}?view=stack`);
    await expect(plan.plan).toBeVisible();
  });

  test('moves with the arrow keys, selects with Space, opens with Enter', async ({ page }) => {
    const plan = new StackingPlanPage(page);
    await page.goto(`/admin/projects/${project.id}?view=stack`);
    await plan.cell('1301').focus();
    await page.keyboard.press('ArrowRight');
    // 1302 does not exist: the focus skips the empty position.
    await expect(plan.focused()).toHaveAccessibleName(/^Unit 1303,/);
    await page.keyboard.press('ArrowDown');
    await expect(plan.focused()).toHaveAccessibleName(/^Unit 1203,/);
    await page.keyboard.press('ArrowLeft');
    await expect(plan.focused()).toHaveAccessibleName(/^Unit 1202,/);
    await page.keyboard.press('Home');
    await expect(plan.focused()).toHaveAccessibleName(/^Unit 1201,/);
    await page.keyboard.press('ArrowUp');
    await expect(plan.focused()).toHaveAccessibleName(/^Unit 1301,/);
    await page.keyboard.press('Space');
    await expect(plan.cell('1301')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('1 unit selected')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/units\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Unit 1301' })).toBeVisible();
  });

  test('selects a range with Shift-click and changes its status through the selection bar', async ({ page }) => {
    const detail = new ProjectPage(page);
    const plan = new StackingPlanPage(page);
    await page.goto(`/admin/projects/${project.id}?view=stack`);
    await plan.cell('1201').click();
    await plan.cell('1303').click({ modifiers: ['Shift'] });
    // The rectangle from 1201 to 1303: two floors by three stacks, five units (1302 does not exist).
    await expect(detail.selectionBar).toContainText('5 units selected');
    await expect(detail.selectionBar.getByRole('button', { name: 'Send Email Notification' })).toBeVisible();
    for (const unitNumber of ['1201', '1202', '1203', '1301', '1303']) await expect(plan.cell(unitNumber)).toHaveAttribute('aria-selected', 'true');
    await expect(plan.cell('V-01')).toHaveAttribute('aria-selected', 'false');
    // Ctrl-click takes one out again.
    await plan.cell('1303').click({ modifiers: ['ControlOrMeta'] });
    await expect(detail.selectionBar).toContainText('4 units selected');

    await detail.selectionBar.getByLabel('New status').selectOption('sold');
    await detail.selectionBar.getByRole('button', { name: 'Change Status' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Change Status' });
    await expect(dialog).toContainText('Are you sure you want to change the status of 4 units to sold?');
    await dialog.getByRole('button', { name: 'Change Status' }).click();
    await expect(page.getByText('Status changed to sold for 4 units')).toBeVisible();
    for (const unitNumber of ['1201', '1202', '1203', '1301'])
      await expect(plan.cell(unitNumber)).toHaveAccessibleName(new RegExp(`^Unit ${unitNumber}, .*, Sold$`));
    await expect(plan.cell('1303')).toHaveAccessibleName(/^Unit 1303, .*, Unavailable$/);
    await expect(detail.selectionBar).toHaveCount(0);
  });

  test('selects a rectangle by dragging', async ({ page }) => {
    const detail = new ProjectPage(page);
    const plan = new StackingPlanPage(page);
    await page.goto(`/admin/projects/${project.id}?view=stack`);
    await plan.cell('1301').hover();
    await page.mouse.down();
    await plan.cell('1202').hover();
    await page.mouse.up();
    await expect(detail.selectionBar).toContainText('3 units selected');
    for (const unitNumber of ['1301', '1201', '1202']) await expect(plan.cell(unitNumber)).toHaveAttribute('aria-selected', 'true');
  });

  test('windows a large building and keeps the keyboard moving past what is rendered', async ({ page, baseURL }) => {
    const api = await adminApi(baseURL ?? '');
    const large = await createProject(api);
    // Six floors of 100 stacks ({floor}01 .. {floor}100): past the windowing threshold.
    await createUnits(api, large.id, manyUnits(600));
    await api.dispose();
    const plan = new StackingPlanPage(page);
    await page.goto(`/admin/projects/${large.id}?view=stack`);
    await expect(page.getByRole('heading', { name: 'Units (600)' })).toBeVisible();
    await expect(plan.plan.getByRole('grid')).toHaveAttribute('aria-colcount', '101');
    const rendered = await plan.cells.count();
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(600);
    await expect(plan.cell('6100')).toHaveCount(0);
    await plan.cell('601').focus();
    await page.keyboard.press('End');
    await expect(plan.focused()).toHaveAccessibleName(/^Unit 6100,/);
    await page.keyboard.press('ArrowDown');
    await expect(plan.focused()).toHaveAccessibleName(/^Unit 5100,/);
    await page.keyboard.press('Control+Home');
    await expect(plan.focused()).toHaveAccessibleName(/^Unit 601,/);
  });
});
