import { DEMO, expect, test } from '../../fixtures/accounts';
import { adminApi, createProject, createUnits, type CreatedProject } from '../../fixtures/properties';
import { LoginPage } from '../../pages/login-page';
import { StackingPlanPage } from '../../pages/stacking-plan';

const UNITS = [
  { unitNumber: '501', unitType: 'Studio', floor: '5', price: 800_000, status: 'available' },
  { unitNumber: '502', unitType: 'Studio', floor: '5', price: 810_000, status: 'unavailable' },
  { unitNumber: '503', unitType: 'Studio', floor: '5', price: 820_000, status: 'sold' },
  { unitNumber: '601', unitType: 'Studio', floor: '6', price: 830_000, status: 'occupied' },
  { unitNumber: '602', unitType: 'Studio', floor: '6', price: 840_000, status: 'reserved' },
  { unitNumber: 'V-01', unitType: 'Villa', floor: 'G', price: 5_000_000, status: 'occupied' },
  { unitNumber: 'V-02', unitType: 'Villa', floor: 'G', price: 5_100_000, status: 'available' },
];
const VISIBLE = ['501', '503', '602', 'V-02'];
const HIDDEN = ['502', '601', 'V-01'];

test.describe('agent stacking plan', () => {
  let project: CreatedProject;

  test.beforeAll(async ({ baseURL }) => {
    const api = await adminApi(baseURL ?? '');
    project = await createProject(api, { visibleTo: ['dubai', 'doha'] });
    await createUnits(api, project.id, UNITS);
    await api.dispose();
  });

  for (const agent of ['dubai', 'doha', 'super'] as const) {
    test(`a ${agent} agent's plan holds a cell for each of 'Units (n)' and no unavailable or occupied unit`, async ({ page }) => {
      const login = new LoginPage(page);
      await login.goto('agent');
      await login.signIn(DEMO[agent].email, DEMO[agent].password);
      await expect(page).toHaveURL(/\/agent\/dashboard/);
      await page.goto(`/agent/projects/${project.id}`);
      const plan = new StackingPlanPage(page);
      await plan.show();
      await expect(page).toHaveURL(/\?view=stack$/);
      await expect(plan.cells).toHaveCount(await plan.headingCount());
      await expect(plan.cells).toHaveCount(VISIBLE.length);
      for (const unitNumber of VISIBLE) await expect(plan.cell(unitNumber)).toHaveCount(1);
      for (const unitNumber of HIDDEN) await expect(plan.cell(unitNumber)).toHaveCount(0);
      await expect(plan.plan.getByRole('gridcell', { name: /Unavailable|Occupied/ })).toHaveCount(0);
      // Floor 6 shows only 602: the hidden 601's position is an empty one, with no name and no text.
      // (Looked for in the grids' texts one by one: the plan's heading holds the project's random
      // name, which once contained '502'.)
      const grids = plan.plan.getByRole('grid');
      for (const unitNumber of HIDDEN) await expect(grids.getByText(unitNumber, { exact: true })).toHaveCount(0);
      for (const unitNumber of VISIBLE) await expect(grids.getByText(unitNumber, { exact: true })).toHaveCount(1);
      const legend = plan.plan.getByRole('list', { name: 'Legend' });
      await expect(legend.getByRole('listitem')).toHaveText([/Available \(2\)$/, /Sold \(1\)$/, /Reserved \(1\)$/]);
      // No selection for agents; a click opens the unit.
      await expect(plan.cell('503')).not.toHaveAttribute('aria-selected', /.*/);
      await plan.cell('503').click();
      await expect(page).toHaveURL(/\/agent\/units\/\d+$/);
    });
  }
});
