import { expect, type Locator, type Page } from '@playwright/test';

export type UserType = 'admin' | 'agent';

/** /admin/login and /agent/login: the form, the two-factor step and the reset request. */
export class LoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly logIn: Locator;
  readonly rememberMe: Locator;
  readonly forgotPassword: Locator;
  readonly code: Locator;
  readonly verify: Locator;
  readonly cancel: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByRole('textbox', { name: 'Email address' });
    // The label reads 'Password' plus the required marker.
    this.password = page.getByLabel(/^Password\*?$/);
    this.logIn = page.getByRole('button', { name: 'Log in' });
    this.rememberMe = page.getByRole('checkbox', { name: 'Remember me' });
    this.forgotPassword = page.getByRole('link', { name: 'Forgot password?' });
    this.code = page.getByPlaceholder('Enter 6-digit code');
    this.verify = page.getByRole('button', { name: 'Verify' });
    this.cancel = page.getByRole('button', { name: 'Cancel' });
    this.error = page.getByRole('alert');
  }

  heading(userType: UserType) {
    return this.page.getByRole('heading', { name: userType === 'admin' ? 'Admin Login' : 'Agent Login' });
  }

  async goto(userType: UserType) {
    await this.page.goto(`/${userType}/login`);
    await expect(this.heading(userType)).toBeVisible();
  }

  async fill(email: string, password: string) {
    await this.email.fill(email);
    await this.password.fill(password);
  }

  async signIn(email: string, password: string, options: { remember?: boolean } = {}) {
    await this.fill(email, password);
    if (options.remember !== undefined && (await this.rememberMe.isChecked()) !== options.remember) {
      await this.page.getByText('Remember me', { exact: true }).click();
    }
    await this.logIn.click();
  }

  /** Enters the code on the two-factor step and submits it. */
  async enterCode(code: string) {
    await this.code.fill(code);
    await this.verify.click();
  }
}
