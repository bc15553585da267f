import { DEMO, expect, test } from '../../fixtures/accounts';
import { emailsAfter, emailsNow, markOutbox } from '../../fixtures/outbox';
import { adminApi, createProject, createUnits, type CreatedProject } from '../../fixtures/properties';
import { LoginPage } from '../../pages/login-page';
import { ProjectPage } from '../../pages/project-page';
import { NotificationDialog } from '../../pages/unit-tools';

test.describe('admin e-mail notifications', () => {
  let project: CreatedProject;

  test.beforeEach(async ({ page, baseURL }) => {
    const api = await adminApi(baseURL ?? '');
    project = await createProject(api, { visibleTo: ['dubai'] });
    await createUnits(api, project.id, [
      { unitNumber: 'NT-1', unitType: 'Studio', floor: '1', price: 800_000, area: 420 },
      { unitNumber: 'NT-2', unitType: 'Studio', floor: '2', price: 820_000, area: 420 },
    ]);
    await api.dispose();
    const login = new LoginPage(page);
    await login.goto('admin');
    await login.signIn(DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    const detail = new ProjectPage(page);
    await detail.goto('admin', project.id, project.name);
    await detail.row('NT-1').getByRole('checkbox').check();
    await detail.row('NT-2').getByRole('checkbox').check();
    await expect(detail.selectionBar).toHaveAccessibleName('2 units selected');
  });

  test('sends to the selected agents only, with a preview, and closes 2 seconds after success', async ({ page }) => {
    const modal = new NotificationDialog(page);
    await modal.open();
    await expect(modal.dialog.getByTestId('recipient-list')).toHaveCSS('max-height', '300px');
    // A Doha agent cannot receive news of a Dubai-only project.
    await expect(modal.dialog.getByText(DEMO.dubai.name)).toBeVisible();
    await expect(modal.dialog.getByText(DEMO.doha.name)).toHaveCount(0);
    await modal.dialog.getByRole('button', { name: 'Send Notification' }).click();
    await expect(modal.dialog.getByText('Please select at least one recipient')).toBeVisible();

    await modal.dialog.getByText(DEMO.dubai.name).click();
    await modal.dialog.getByRole('button', { name: 'Preview Email' }).click();
    await expect(modal.dialog.getByTestId('email-preview-subject')).toHaveText(new RegExp(`^New Property Available: NT-[12] in ${project.name}$`));
    await expect(modal.dialog.getByTestId('email-preview-body')).toContainText(`Hello ${DEMO.dubai.name}`);
    const previewedSubject = await modal.dialog.getByTestId('email-preview-subject').textContent();
    const previewedText = await modal.dialog.getByTestId('email-preview-body').textContent();

    const mark = markOutbox();
    await modal.dialog.getByRole('button', { name: 'Send Notification' }).click();
    await expect(modal.dialog.getByText('Notification sent for 2 units to 1 agent')).toBeVisible();
    await expect(modal.dialog).toBeHidden({ timeout: 5_000 });
    const [mail] = await emailsAfter(mark, 1);
    expect(mail.to).toBe(DEMO.dubai.email);
    expect(mail.subject).toMatch(new RegExp(`^New Property Available: NT-[12] in ${project.name}$`));
    expect(mail.text).toContain('Unit: NT-1');
    expect(mail.text).toContain('Unit: NT-2');
    // The preview is the e-mail (issue #29.2): the same subject and the same text, link included.
    expect(mail.subject).toBe(previewedSubject);
    expect(mail.text?.trim()).toBe(previewedText?.trim());
    expect(mail.text).toMatch(/View: http:\/\/[^\s]+\/agent\/units\/\d+/);
    expect(emailsNow(mark)).toHaveLength(1);
  });

  test('sends to all eligible agents: super and dubai agents, never doha ones', async ({ page }) => {
    const modal = new NotificationDialog(page);
    await modal.open();
    await modal.dialog.getByText('All eligible agents').click();
    const help = modal.dialog.getByText(/^The notification goes to \d+ eligible agents?\.$/);
    await expect(help).toBeVisible();
    const count = Number(/(\d+)/.exec((await help.textContent()) ?? '')?.[1]);
    expect(count).toBeGreaterThanOrEqual(2);
    const mark = markOutbox();
    await modal.dialog.getByRole('button', { name: 'Send Notification' }).click();
    await expect(modal.dialog.getByText(`Notification sent for 2 units to ${count} agents`)).toBeVisible();
    const mails = await emailsAfter(mark, count);
    const addresses = mails.map((mail) => mail.to);
    expect(addresses).toContain(DEMO.super.email);
    expect(addresses).toContain(DEMO.dubai.email);
    expect(addresses).not.toContain(DEMO.doha.email);
  });
});
