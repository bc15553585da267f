import type { Browser, Page } from '@playwright/test';
import { createAgent, DEMO, expect, test } from '../../fixtures/accounts';
import { adminApi, createProject, createUnits } from '../../fixtures/properties';
import { LoginPage } from '../../pages/login-page';
import { ProjectPage } from '../../pages/project-page';
import { PropertiesPage } from '../../pages/properties-page';
import { UnitPage } from '../../pages/unit-page';

/**
 * Live availability (issue #27): what one person changes shows on another's open screen, in place,
 * within 2 s, with no reload. Each person is a browser context of their own (their own session).
 */
const LIVE_WITHIN = { timeout: 2_000 };

const signedIn = async (browser: Browser, baseURL: string, userType: 'admin' | 'agent', account: { email: string; password: string }): Promise<Page> => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto(userType);
  await login.signIn(account.email, account.password);
  await expect(page).toHaveURL(new RegExp(`/${userType}/dashboard`));
  return page;
};

/** A mark on the document: still there at the end means the screen was never reloaded. */
const markDocument = (page: Page) => page.evaluate(() => document.documentElement.setAttribute('data-e2e-same-document', 'yes'));
const expectSameDocument = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-e2e-same-document', 'yes');

/** The header's indicator says the stream is open: from here on, changes arrive live. */
const expectLive = (page: Page) => expect(page.locator('[data-live-status="live"]')).toBeVisible();

const changeStatusOnUnitPage = async (admin: Page, unitId: number, status: string) => {
  await admin.goto(`/admin/units/${unitId}`);
  await admin.getByRole('combobox', { name: 'Unit Status' }).selectOption(status);
  await expect(admin.getByText(`Status changed to ${status}`)).toBeVisible();
};

test.describe('live availability', () => {
  test("an agent's open project table shows the admin's status changes, or drops the unit, with no reload", async ({ browser, baseURL: configured }) => {
    const baseURL = configured ?? '';
    const api = await adminApi(baseURL);
    const project = await createProject(api, { visibleTo: ['dubai'] });
    const [first, second, third] = await createUnits(
      api,
      project.id,
      ['LV-1', 'LV-2', 'LV-3'].map((unitNumber) => ({ unitNumber, unitType: 'Studio', price: 1_000_000, status: 'available' })),
    );
    await api.dispose();
    const agentAccount = await createAgent(baseURL, 'dubai');

    const agent = await signedIn(browser, baseURL, 'agent', agentAccount);
    const table = new ProjectPage(agent);
    await table.goto('agent', project.id, project.name);
    await expect(table.unitsHeading(3)).toBeVisible();
    await expectLive(agent);
    await markDocument(agent);
    const row = (unitNumber: string) => table.rows().filter({ hasText: unitNumber });

    const admin = await signedIn(browser, baseURL, 'admin', DEMO.admin);

    // A status the agent may see: the row changes where it stands, briefly highlighted.
    await changeStatusOnUnitPage(admin, first, 'reserved');
    await expect(row('LV-1').locator('[data-status]')).toHaveText('reserved', LIVE_WITHIN);
    await expect(row('LV-1')).toHaveAttribute('data-flash', '');

    // A status agents do not see: the unit leaves the agent's table, and nothing names its new status.
    await agent.mouse.move(0, 0);
    await changeStatusOnUnitPage(admin, second, 'unavailable');
    await expect(row('LV-2')).toHaveCount(0, LIVE_WITHIN);
    await expect(table.unitsHeading(2)).toBeVisible();

    // The unit the agent is pointing at is not pulled from under the pointer: it stays, greyed, and says why.
    await row('LV-3').hover();
    await changeStatusOnUnitPage(admin, third, 'occupied');
    await expect(row('LV-3').getByText('No longer available')).toBeVisible(LIVE_WITHIN);
    await expect(row('LV-3')).toHaveAttribute('aria-disabled', 'true');
    await expect(row('LV-3').getByRole('link', { name: 'View' })).toHaveCount(0);
    await expect(table.table.getByText(/occupied|unavailable/i)).toHaveCount(0);
    // Once the pointer leaves the table, the row goes.
    await agent.mouse.move(0, 0);
    await expect(row('LV-3')).toHaveCount(0);
    await expect(table.unitsHeading(1)).toBeVisible();

    // Back to a status the agent sees: the unit reappears in their table.
    await changeStatusOnUnitPage(admin, second, 'available');
    await expect(row('LV-2').locator('[data-status]')).toHaveText('available', LIVE_WITHIN);
    await expectSameDocument(agent);

    // On the unit's own page, the agent is told when it leaves their view, and not what it became.
    await row('LV-1').getByRole('link', { name: 'View' }).click();
    await new UnitPage(agent).expectTitle('Unit LV-1');
    await expectLive(agent);
    await changeStatusOnUnitPage(admin, first, 'occupied');
    await expect(agent.getByRole('alert').filter({ hasText: 'This unit is no longer available.' })).toBeVisible(LIVE_WITHIN);
    await expect(agent.getByText(/occupied/i)).toHaveCount(0);
    await agent.context().close();
    await admin.context().close();
  });

  test("the admin's dashboard counts follow a bulk change made in a third context", async ({ browser, baseURL: configured }) => {
    const baseURL = configured ?? '';
    const api = await adminApi(baseURL);
    const project = await createProject(api, { visibleTo: ['dubai'] });
    await createUnits(
      api,
      project.id,
      ['BK-1', 'BK-2', 'BK-3', 'BK-4'].map((unitNumber) => ({ unitNumber, unitType: 'Studio', price: 2_000_000, status: 'available' })),
    );
    await api.dispose();

    const dashboard = await signedIn(browser, baseURL, 'admin', DEMO.admin);
    const properties = new PropertiesPage(dashboard);
    const card = properties.card(project.name);
    await expect(card.getByText('Available: 4', { exact: true })).toBeVisible();
    await expectLive(dashboard);
    await markDocument(dashboard);

    // Another admin session, in its own context, changes three units at once from the project table.
    const other = await signedIn(browser, baseURL, 'admin', DEMO.admin);
    const table = new ProjectPage(other);
    await table.goto('admin', project.id, project.name);
    for (const unitNumber of ['BK-1', 'BK-2', 'BK-3']) await other.getByRole('checkbox', { name: `Select unit ${unitNumber}` }).check();
    await table.selectionBar.getByRole('combobox', { name: 'New status' }).selectOption('sold');
    await table.selectionBar.getByRole('button', { name: 'Change Status' }).click();
    await other.getByRole('alertdialog', { name: 'Change Status' }).getByRole('button', { name: 'Change Status' }).click();
    await expect(other.getByText('Status changed to sold for 3 units')).toBeVisible();

    await expect(card.getByText('Sold: 3', { exact: true })).toBeVisible(LIVE_WITHIN);
    await expect(card.getByText('Available: 1', { exact: true })).toBeVisible();
    await expect(card.getByText('Total Units: 4', { exact: true })).toBeVisible();
    await expectSameDocument(dashboard);
    await dashboard.context().close();
    await other.context().close();
  });

  test('an admin editing a unit that someone else just changed is told so before saving, and the save is still refused', async ({
    browser,
    baseURL: configured,
  }) => {
    const baseURL = configured ?? '';
    const api = await adminApi(baseURL);
    const project = await createProject(api, { visibleTo: ['dubai'] });
    const [unitId] = await createUnits(api, project.id, [{ unitNumber: 'ED-1', unitType: 'Studio', view: 'Sea View', price: 1_000_000, status: 'available' }]);

    const admin = await signedIn(browser, baseURL, 'admin', DEMO.admin);
    const unit = new UnitPage(admin);
    await admin.goto(`/admin/units/${unitId}?edit=true`);
    await expect(unit.editForm).toBeVisible();
    await expectLive(admin);
    await unit.field('View').fill('Garden View');

    // Someone else (another session) sells the unit while the form is open.
    const elsewhere = await api.post('/api/units/bulk-status', { data: { ids: [unitId], status: 'sold' } });
    expect(elsewhere.status(), await elsewhere.text()).toBe(200);
    await api.dispose();
    const notice = unit.editForm.getByTestId('unit-changed-notice');
    await expect(notice.getByText('Someone else changed this unit while you were editing.')).toBeVisible(LIVE_WITHIN);
    await expect(notice.getByText(/Status: Available → Sold/)).toBeVisible();

    // Saving anyway: the 409 is still the last line of defence.
    await unit.editForm.getByRole('button', { name: 'Update Unit' }).click();
    await expect(unit.editForm.getByText('This unit was changed by someone else. Reload to see the latest version.')).toBeVisible();
    await notice.getByRole('button', { name: 'Load the latest version' }).click();
    await expect(unit.field('View')).toHaveValue('Sea View');
    await expect(unit.editForm.getByTestId('unit-changed-notice')).toHaveCount(0);
    await admin.context().close();
  });
});
