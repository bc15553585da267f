import { expect, type Locator, type Page } from '@playwright/test';

export interface NewUser {
  firstName: string;
  lastName?: string;
  email: string;
  phoneNumber?: string;
  password: string;
  confirmPassword?: string;
  role?: 'Agent' | 'Admin';
  agentType?: 'Dubai' | 'Doha' | 'Super Agent';
}

/** The admin dashboard's Users tab: the create form, the grouped list and the Edit Agent dialog. */
export class UsersPage {
  readonly form: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('region', { name: 'Create New User' });
    this.dialog = page.getByRole('dialog');
  }

  async goto() {
    await this.page.goto('/admin/dashboard?tab=users');
    await expect(this.page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  }

  /** A labelled input of the create form; password labels carry the required marker. */
  field(label: string) {
    return this.form.getByLabel(new RegExp(`^${label}\\*?$`));
  }

  group(title: 'Administrators' | 'Dubai Agents' | 'Doha Agents' | 'Super Agents') {
    return this.page.getByRole('region', { name: title });
  }

  row(email: string) {
    return this.page.getByRole('listitem').filter({ hasText: email });
  }

  async create(user: NewUser) {
    await this.field('First Name').fill(user.firstName);
    await this.field('Last Name').fill(user.lastName ?? '');
    await this.field('Email').fill(user.email);
    await this.field('Phone Number').fill(user.phoneNumber ?? '');
    await this.field('Password').fill(user.password);
    await this.field('Confirm Password').fill(user.confirmPassword ?? user.password);
    await this.form.getByRole('combobox', { name: 'Role' }).selectOption({ label: user.role ?? 'Agent' });
    if ((user.role ?? 'Agent') === 'Agent') {
      await this.form.getByRole('combobox', { name: 'Agent Type' }).selectOption({ label: user.agentType ?? 'Dubai' });
    }
    await this.form.getByRole('button', { name: 'Create User' }).click();
  }

  async openEdit(email: string) {
    await this.row(email).getByRole('button', { name: 'Edit' }).click();
    await expect(this.dialog).toBeVisible();
  }
}
