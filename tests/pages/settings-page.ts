import { expect, type Locator, type Page } from '@playwright/test';

export type UserType = 'admin' | 'agent';

/** The settings screen both roles share, section by section. */
export class SettingsPage {
  readonly theme: Locator;
  readonly password: Locator;
  readonly twoFactor: Locator;
  readonly performance: Locator;
  readonly danger: Locator;

  constructor(readonly page: Page) {
    this.theme = page.getByRole('region', { name: 'Theme' });
    this.password = page.getByRole('region', { name: 'Change Password' });
    this.twoFactor = page.getByRole('region', { name: 'SMS Two-Factor Authentication' });
    this.performance = page.getByRole('region', { name: 'Performance Settings' });
    this.danger = page.getByRole('region', { name: 'Danger Zone' });
  }

  async goto(userType: UserType) {
    await this.page.goto(`/${userType}/settings`);
    await expect(this.page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  }

  themeOption(label: 'Light' | 'Dark' | 'System') {
    return this.theme.getByRole('radio', { name: label });
  }

  async chooseTheme(label: 'Light' | 'Dark' | 'System') {
    await this.theme.getByText(label, { exact: true }).click();
    await expect(this.themeOption(label)).toBeChecked();
  }

  async changePassword(current: string, next: string, confirm = next) {
    await this.password.getByLabel('Current Password').fill(current);
    await this.password.getByLabel('New Password', { exact: true }).fill(next);
    await this.password.getByLabel('Confirm New Password').fill(confirm);
    await this.password.getByRole('button', { name: 'Update Password' }).click();
  }

  /** Phone entry of the SMS setup; the code is read by the caller. */
  async startTwoFactor(phone: string) {
    await this.twoFactor.getByRole('textbox', { name: 'Phone Number' }).fill(phone);
    await this.twoFactor.getByRole('button', { name: 'Send Verification Code' }).click();
    await expect(this.twoFactor.getByPlaceholder('Enter 6-digit code')).toBeVisible();
  }

  async confirmTwoFactor(code: string) {
    await this.twoFactor.getByPlaceholder('Enter 6-digit code').fill(code);
    await this.twoFactor.getByRole('button', { name: 'Verify Code' }).click();
  }

  get dataCaching() {
    return this.performance.getByRole('checkbox', { name: 'Data Caching' });
  }

  async toggleDataCaching() {
    await this.performance.getByText('Data Caching', { exact: true }).click();
  }

  async deleteAccount(password: string) {
    await this.danger.getByLabel('Password', { exact: true }).fill(password);
    await this.danger.getByRole('button', { name: 'Delete Account' }).click();
    const confirm = this.page.getByRole('alertdialog', { name: 'Delete Account' });
    await expect(confirm.getByText('Are you sure you want to delete your account? This action cannot be undone.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete Account' }).click();
  }
}
