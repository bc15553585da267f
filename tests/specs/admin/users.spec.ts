import { DEMO, expect, test, uniqueSuffix } from '../../fixtures/accounts';
import { LoginPage } from '../../pages/login-page';
import { UsersPage } from '../../pages/users-page';

test.describe('user management', () => {
  test.beforeEach(async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto('admin');
    await login.signIn(DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
  });

  test('lists the seeded users by group, with what the admin may do on each row', async ({ page }) => {
    const users = new UsersPage(page);
    await users.goto();
    const me = users.row(DEMO.admin.email);
    await expect(me.getByText('Admin', { exact: true })).toBeVisible();
    await expect(me.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
    await expect(users.group('Dubai Agents').getByText(DEMO.dubai.email)).toBeVisible();
    await expect(users.group('Doha Agents').getByText(DEMO.doha.email)).toBeVisible();
    await expect(users.group('Super Agents').getByText(DEMO.super.email)).toBeVisible();
    await expect(users.row(DEMO.dubai.email).getByRole('button', { name: 'Edit' })).toBeVisible();
  });

  test('shows the form rules on their fields before sending', async ({ page }) => {
    const users = new UsersPage(page);
    await users.goto();
    await users.form.getByRole('button', { name: 'Create User' }).click();
    await expect(users.form.getByText('All required fields must be filled')).toHaveCount(4);
    await users.field('First Name').fill('Nadia');
    await users.field('Email').fill('nadia-at-nowhere');
    await users.field('Password').fill('weakpass');
    await expect(users.form.getByRole('list', { name: 'Password requirements' }).locator('[data-met="true"]')).toHaveCount(2);
    await users.field('Confirm Password').fill('different');
    await users.form.getByRole('button', { name: 'Create User' }).click();
    await expect(users.form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(users.form.getByText('Password must contain at least one uppercase letter')).toBeVisible();
    await expect(users.form.getByText('Passwords do not match')).toBeVisible();
    await users.form.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Admin' });
    await expect(users.form.getByRole('combobox', { name: 'Agent Type' })).toHaveCount(0);
  });

  test('creates an agent, edits it, and deletes it after confirming', async ({ page }) => {
    const users = new UsersPage(page);
    const suffix = uniqueSuffix();
    const email = `created.${suffix}@demo.test`;
    await users.goto();

    await users.create({
      firstName: 'Nadia',
      lastName: `Created ${suffix}`,
      email,
      password: 'Creat3d-Agent!',
      agentType: 'Dubai',
    });
    await expect(page.getByText('User created successfully')).toBeVisible();
    await expect(users.group('Dubai Agents').getByText(email)).toBeVisible();
    await expect(users.row(email).getByText('Dubai', { exact: true })).toBeVisible();

    // The same address again: the server's message lands on the field.
    await users.create({ firstName: 'Nadia', email, password: 'Creat3d-Agent!' });
    await expect(users.form.getByText('Email is already taken')).toBeVisible();

    await users.openEdit(email);
    const dialog = users.dialog;
    await expect(dialog.getByRole('heading', { name: 'Edit Agent' })).toBeVisible();
    // A value, not an input that looks editable.
    await expect(dialog.getByLabel('Email')).toHaveText(email);
    await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
    await expect(dialog.getByText('Email cannot be changed')).toBeVisible();
    await expect(dialog.getByText('Project Access')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Dubai' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Doha' })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'First Name' }).fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('First name is required')).toBeVisible();

    await dialog.getByRole('textbox', { name: 'First Name' }).fill('Noor');
    await dialog.getByRole('combobox', { name: 'Agent Type' }).selectOption({ label: 'Doha' });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Agent updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 5000 });
    await expect(users.group('Doha Agents').getByText(`Noor Created ${suffix}`)).toBeVisible();

    await users.openEdit(email);
    await dialog.getByRole('button', { name: 'Delete User' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete User' });
    await expect(confirm.getByText(`Are you sure you want to delete user Noor Created ${suffix} (${email})? This action cannot be undone.`)).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await dialog.getByRole('button', { name: 'Delete User' }).click();
    await confirm.getByRole('button', { name: 'Delete User' }).click();
    await expect(confirm).toBeHidden();
    // An absent row alone would also pass for a list that failed to render: the group it was in is
    // still listed with its other agents, and a fresh load from the server no longer has it.
    await expect(users.row(DEMO.doha.email)).toBeVisible();
    await expect(users.row(email)).toHaveCount(0);
    await users.goto();
    await expect(users.row(DEMO.doha.email)).toBeVisible();
    await expect(users.row(email)).toHaveCount(0);
  });

  test('unticking every project asks first, then the agent sees nothing until put back on the region default', async ({ page, browser }) => {
    const users = new UsersPage(page);
    const email = `noaccess.${uniqueSuffix()}@demo.test`;
    await users.goto();
    await users.create({ firstName: 'Nora', lastName: 'Access', email, password: 'N0access-Agent!', agentType: 'Dubai' });
    await expect(page.getByText('User created successfully')).toBeVisible();

    await users.openEdit(email);
    const dialog = users.dialog;
    const inForce = dialog.getByTestId('project-access-in-force');
    await expect(inForce.getByText('Region default')).toBeVisible();
    // Untick every ticked project (a project of both regions is listed, and ticked, twice).
    const ticked = dialog.locator('label').filter({ has: page.getByRole('checkbox', { checked: true }) });
    while ((await ticked.count()) > 0) await ticked.first().click();
    await expect(inForce.getByText('No projects')).toBeVisible();

    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove all project access?' });
    await expect(confirm.getByText('Nora Access will see no projects and no units at all until you give them access again. Save anyway?')).toBeVisible();
    // Keyboard: Cancel has the focus, Escape leaves without saving.
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await confirm.getByRole('button', { name: 'Save with no access' }).click();
    await expect(dialog.getByText('Agent updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 5000 });

    const context = await browser.newContext();
    const agentPage = await context.newPage();
    const login = new LoginPage(agentPage);
    await login.goto('agent');
    await login.signIn(email, 'N0access-Agent!');
    await expect(agentPage).toHaveURL(/\/agent\/dashboard/);
    await expect(agentPage.getByText('No properties available to you.')).toBeVisible();

    await users.openEdit(email);
    await expect(inForce.getByText('No projects')).toBeVisible();
    await dialog.getByRole('button', { name: 'Use region default' }).click();
    await expect(inForce.getByText('Region default')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Agent updated successfully')).toBeVisible();
    await agentPage.reload();
    await expect(agentPage.getByText('No properties available to you.')).toHaveCount(0);
    await context.close();
  });

  test('a created agent can sign in', async ({ page, browser }) => {
    const users = new UsersPage(page);
    const email = `signin.${uniqueSuffix()}@demo.test`;
    await users.goto();
    await users.create({ firstName: 'Sami', lastName: 'Signin', email, password: 'S1gnin-Agent!', agentType: 'Super Agent' });
    await expect(page.getByText('User created successfully')).toBeVisible();

    const context = await browser.newContext();
    const agentPage = await context.newPage();
    const login = new LoginPage(agentPage);
    await login.goto('agent');
    await login.signIn(email, 'S1gnin-Agent!');
    await expect(agentPage).toHaveURL(/\/agent\/dashboard/);
    await expect(agentPage.getByText('Super', { exact: true })).toBeVisible();
    await context.close();
  });

  test('the admin edits only their own profile, without agent type, project access or delete', async ({ page }) => {
    const users = new UsersPage(page);
    await users.goto();
    await users.row(DEMO.admin.email).getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = users.dialog;
    await expect(dialog.getByRole('heading', { name: 'Edit Profile' })).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Agent Type' })).toHaveCount(0);
    await expect(dialog.getByText('Project Access')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Delete User' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});
