import { expect, test } from '../../fixtures/accounts';
import { markOutbox, nextResetLink } from '../../fixtures/outbox';
import { LoginPage } from '../../pages/login-page';

test.describe('password reset', () => {
  test('asks for the e-mail before sending and cancels back to the form', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto('admin');
    await login.forgotPassword.click();
    await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Please enter your email address')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(login.heading('admin')).toBeVisible();
  });

  test('e-mails a link that sets a new password, then the new password signs in', async ({ page, freshAgent }) => {
    const login = new LoginPage(page);
    await login.goto('agent');
    await login.forgotPassword.click();
    await page.getByRole('textbox', { name: 'Email address' }).fill(freshAgent.email);
    const mark = markOutbox();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('heading', { name: 'Password Reset Email Sent' })).toBeVisible();

    const link = await nextResetLink(freshAgent.email, mark);
    expect(link).toMatch(/^\/reset-password\?.*code=.+/);
    expect(link).toContain('userType=agent');
    await page.goto(link);
    const newPassword = 'Reset-Passw0rd!';
    await page.getByLabel(/^New Password\*?$/).fill(newPassword);
    await page.getByLabel(/^Confirm New Password\*?$/).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();

    await expect(page).toHaveURL(/\/login\/agent$/);
    await expect(page.getByText('Your password has been reset. Please log in with your new password.')).toBeVisible();
    await login.signIn(freshAgent.email, newPassword);
    await expect(page).toHaveURL(/\/agent\/dashboard/);
  });

  test('the Return to Login link leads back to the form', async ({ page, freshAgent }) => {
    const login = new LoginPage(page);
    await login.goto('agent');
    await login.forgotPassword.click();
    await page.getByRole('textbox', { name: 'Email address' }).fill(freshAgent.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('link', { name: 'Return to Login' }).click();
    await expect(login.heading('agent')).toBeVisible();
    await expect(page).toHaveURL(/\/agent\/login$/);
  });

  test('a link without a code says it is invalid', async ({ page }) => {
    await page.goto('/reset-password?userType=admin');
    await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
  });
});
