import { DEMO, expect, test } from '../../fixtures/accounts';
import { createProjectWithUnit } from '../../fixtures/inventory';
import { LoginPage } from '../../pages/login-page';

test.describe('sold units manager', () => {
  test.beforeEach(async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto('admin');
    await login.signIn(DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
  });

  test('marks a unit sold, fills its sale details, sees the derived statuses, then archives it', async ({ page, baseURL }) => {
    const seeded = await createProjectWithUnit(baseURL ?? '', { price: 500_000 });
    await page.goto(`/admin/units/${seeded.unitId}`);
    await page.getByRole('combobox', { name: 'Unit Status' }).selectOption('sold');
    await expect(page.getByText('Status changed to sold')).toBeVisible();

    await page.goto('/admin/sold-units-manager');
    await expect(page.getByText('No Unit Selected')).toBeVisible();
    // By now the other specs have sold many units: the list shows a window of them, so filter first.
    const project = page.getByRole('combobox', { name: 'Project' });
    await project.selectOption({ label: seeded.projectName });
    const list = page.getByRole('listbox', { name: 'Sold units' });
    await list.getByRole('option', { name: new RegExp(`Unit ${seeded.unitNumber}`) }).click();

    const form = page.getByRole('form', { name: `Sale details of unit ${seeded.unitNumber}` });
    await expect(form.getByLabel('Total Amount')).toHaveValue('500000');
    await form.getByLabel('Paid Amount').fill('200000.25');
    await expect(form.getByLabel('Remaining Amount')).toHaveText('AED 299,999.75');
    await form.getByLabel('Registration Date').fill('2026-10-15');
    await expect(form.getByRole('combobox', { name: 'Registration Status' })).toHaveValue('completed');
    await form.getByRole('combobox', { name: 'Payment Status' }).selectOption('partial');
    await form.getByRole('button', { name: 'Save Sale Details' }).click();
    await expect(page.getByText('Sale details saved successfully')).toBeVisible();
    await expect(page.getByText('Sale details saved successfully')).toBeHidden({ timeout: 5000 });

    await page.reload();
    await project.selectOption({ label: seeded.projectName });
    await list.getByRole('option', { name: new RegExp(`Unit ${seeded.unitNumber}`) }).click();
    await expect(form.getByLabel('Paid Amount')).toHaveValue('200000.25');
    await expect(form.getByRole('combobox', { name: 'Payment Status' })).toHaveValue('partial');

    await form.getByLabel('Paid Amount').fill('500000');
    await expect(form.getByRole('combobox', { name: 'Payment Status' })).toHaveValue('completed');
    await form.getByRole('button', { name: 'Save Sale Details' }).click();
    await expect(page.getByText('Sale details saved successfully')).toBeVisible();

    await page.getByRole('button', { name: 'Archive Unit' }).click();
    await expect(page.getByText('Unit archived successfully')).toBeVisible();
    await expect(list.getByRole('option', { name: new RegExp(`Unit ${seeded.unitNumber}`) })).toHaveCount(0);
    await page.getByText('Show archived', { exact: true }).click();
    await expect(list.getByRole('option', { name: new RegExp(`Unit ${seeded.unitNumber}`) })).toBeVisible();
    await expect(list.getByRole('option', { name: new RegExp(`Unit ${seeded.unitNumber}`) }).getByText('Archived')).toBeVisible();
  });

  test('marks delayed units as overdue and can show only those', async ({ page, baseURL }) => {
    const seeded = await createProjectWithUnit(baseURL ?? '', { status: 'sold' });
    await page.goto('/admin/dashboard?tab=sold-units');
    const project = page.getByRole('combobox', { name: 'Project' });
    await project.selectOption({ label: seeded.projectName });
    const list = page.getByRole('listbox', { name: 'Sold units' });
    await list.getByRole('option', { name: new RegExp(`Unit ${seeded.unitNumber}`) }).click();
    await page.getByRole('combobox', { name: 'Handover Status' }).selectOption('delayed');
    await page.getByRole('button', { name: 'Save Sale Details' }).click();
    await expect(page.getByText('Sale details saved successfully')).toBeVisible();
    await page.getByText('Overdue only', { exact: true }).click();
    const row = list.getByRole('option', { name: new RegExp(`Unit ${seeded.unitNumber}`) });
    await expect(row.getByText('Overdue')).toBeVisible();
    // Every project's overdue units: each one the list shows is marked.
    await project.selectOption({ label: 'All projects' });
    await expect(list.getByRole('option').first()).toBeVisible();
    for (const option of await list.getByRole('option').all()) await expect(option.getByText('Overdue')).toBeVisible();
  });

  test('is refused to agents', async ({ page }) => {
    await page.getByRole('button', { name: 'Logout' }).click();
    const login = new LoginPage(page);
    await login.goto('agent');
    await login.signIn(DEMO.super.email, DEMO.super.password);
    await expect(page).toHaveURL(/\/agent\/dashboard/);
    await page.goto('/admin/sold-units-manager');
    await expect(page).toHaveURL(/\/admin\/login/);
  });
});
