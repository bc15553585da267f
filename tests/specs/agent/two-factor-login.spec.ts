import { expect, test, uniquePhone } from '../../fixtures/accounts';
import { markOutbox, nextSmsCode } from '../../fixtures/outbox';
import { DashboardPage } from '../../pages/dashboard-page';
import { LoginPage } from '../../pages/login-page';
import { SettingsPage } from '../../pages/settings-page';

test.describe('sign-in with SMS two-factor', () => {
  test('enable two-factor in settings, then sign in with the texted code; Cancel clears the code step', async ({ page, freshAgent }) => {
    test.slow();
    const login = new LoginPage(page);
    const dashboard = new DashboardPage(page);
    const settings = new SettingsPage(page);
    const phone = uniquePhone();

    // Turn it on through the settings screen, reading the setup code from the outbox.
    await login.goto('agent');
    await login.signIn(freshAgent.email, freshAgent.password);
    await expect(page).toHaveURL(/\/agent\/dashboard/);
    await settings.goto('agent');
    await expect(settings.twoFactor.getByText('Disabled', { exact: true })).toBeVisible();
    let mark = markOutbox();
    await settings.startTwoFactor(phone);
    await expect(settings.twoFactor.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled();
    await settings.confirmTwoFactor(await nextSmsCode(phone, mark));
    await expect(page.getByText('Two-factor authentication enabled')).toBeVisible();
    await expect(settings.twoFactor.getByText('Enabled', { exact: true })).toBeVisible();
    await expect(settings.twoFactor.getByText(`Verification codes are sent to ******${phone.slice(-4)}.`)).toBeVisible();
    await dashboard.signOut();

    // Cancel on the code step goes back to the form (before the SMS goes out).
    await login.goto('agent');
    await login.signIn(freshAgent.email, freshAgent.password);
    await expect(login.code).toBeVisible();
    await expect(page.getByText(`******${phone.slice(-4)}`)).toBeVisible();
    await login.code.fill('123');
    await login.cancel.click();
    await expect(login.logIn).toBeVisible();
    await expect(login.code).toHaveCount(0);

    // The real sign-in: the code is texted about a second after the code step appears.
    mark = markOutbox();
    await login.password.fill(freshAgent.password);
    await login.logIn.click();
    await expect(login.code).toHaveValue('');
    await expect(login.code).toHaveAttribute('inputmode', 'numeric');
    await expect(login.code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(login.code).toHaveAttribute('maxlength', '6');
    const code = await nextSmsCode(phone, mark);
    await expect(page.getByText(/A verification code was sent to/)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled();

    // A wrong code is refused as the server says, the right one signs in.
    await login.enterCode(code === '000000' ? '111111' : '000000');
    await expect(page.getByText('Invalid verification code. Please try again.')).toBeVisible();
    await login.enterCode(code);
    await expect(page).toHaveURL(/\/agent\/dashboard/);
    await expect(dashboard.heading('Agent Portal')).toBeVisible();

    // Disable turns it off at once.
    await settings.goto('agent');
    await settings.twoFactor.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByText('Two-factor authentication disabled')).toBeVisible();
    await expect(settings.twoFactor.getByRole('button', { name: 'Send Verification Code' })).toBeVisible();
  });

  test('a code of the wrong shape is refused before it is sent', async ({ page, freshAgent }) => {
    const settings = new SettingsPage(page);
    const login = new LoginPage(page);
    await login.goto('agent');
    await login.signIn(freshAgent.email, freshAgent.password);
    await expect(page).toHaveURL(/\/agent\/dashboard/);
    await settings.goto('agent');
    await settings.twoFactor.getByRole('button', { name: 'Send Verification Code' }).click();
    await expect(settings.twoFactor.getByText('Please enter a phone number.')).toBeVisible();
    await settings.startTwoFactor(uniquePhone());
    await settings.confirmTwoFactor('12');
    await expect(settings.twoFactor.getByText('Please enter a valid 6-digit verification code')).toBeVisible();
    await settings.twoFactor.getByRole('button', { name: 'Cancel' }).click();
    await expect(settings.twoFactor.getByRole('button', { name: 'Send Verification Code' })).toBeVisible();
  });
});
